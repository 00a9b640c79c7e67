const DAY_MS = 24 * 60 * 60_000;

/** The calendar day `days` after (or before, when negative) an ISO date `YYYY-MM-DD`. */
export const addDays = (isoDate: string, days: number): string =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
