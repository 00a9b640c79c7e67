import { z } from 'zod/mini';

/** GET /version.json, written by the app's build. */
export const VersionInfo = z.object({ hash: z.string(), version: z.string() });
export type VersionInfo = z.infer<typeof VersionInfo>;
