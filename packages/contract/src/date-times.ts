import { z } from 'zod/mini';

// Apart from dates.ts, which the sign-in screen loads: a schema made at import time keeps zod in
// every bundle that imports its module.

const ISO_DATE_TIME = z.iso.datetime({ offset: true });

/** An ISO 8601 date and time with `Z` or an offset (`2026-11-23T15:05:00+01:00`) → its instant, or null. */
export function parseIsoDateTime(value: string): Date | null {
  return ISO_DATE_TIME.safeParse(value).success ? new Date(value) : null;
}
