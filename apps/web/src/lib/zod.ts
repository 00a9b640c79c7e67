import { z } from 'zod';

// The app's one door to zod: a lint rule (apps/web/biome.json) keeps `zod` out of every other module,
// and the API client parses through here, so the setting below is in place before any schema parses.
// Without it zod probes `new Function` on its first parse, which the CSP (no 'unsafe-eval') reports
// as a violation; under that CSP zod parses without compiled checks anyway.
z.config({ jitless: true });

export { z };

/** `value` checked against `schema`; throws zod's error when it does not fit. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  return schema.parse(value);
}

/** `value` checked against `schema`, or null when it does not fit (a stale or tampered copy). */
export function parseOrNull<T>(schema: z.ZodType<T>, value: unknown): T | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
