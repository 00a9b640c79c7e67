import { z } from 'zod';

// Imported for this effect by every module that checks data with zod (api-client, session-storage,
// the reading form and its draft, the new-password form). Without it zod probes `new Function` on its
// first parse, which the CSP (no 'unsafe-eval') reports as a violation; under that CSP zod parses
// without compiled checks anyway.
z.config({ jitless: true });
