import { z } from 'zod/mini';

// The app's one door to zod, as zod/mini like the contract, so a bundle carries only the checks its
// schemas use (ADR 025). A lint rule (apps/web/biome.json) keeps zod out of every other module,
// and the API client parses through here, so the setting below is in place before any schema parses.
// Without it zod probes `new Function` on its first parse, which the CSP (no 'unsafe-eval') reports
// as a violation; under that CSP zod parses without compiled checks anyway.
z.config({ jitless: true });

export { z };

/** `value` checked against `schema`; throws zod's error when it does not fit. */
export function parseOrThrow<T>(schema: z.core.$ZodType<T>, value: unknown): T {
  return z.parse(schema, value);
}

/** `value` checked against `schema`, or null when it does not fit (a stale or tampered copy). */
export function parseOrNull<T>(schema: z.core.$ZodType<T>, value: unknown): T | null {
  const parsed = z.safeParse(schema, value);
  return parsed.success ? parsed.data : null;
}
