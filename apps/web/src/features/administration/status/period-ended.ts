/** Whether a period (its last day, `YYYY-MM-DD`) is over on `today`: estimates are made for such periods only (ADR 021). */
export function periodHasEnded(periodEnd: string, today: string): boolean {
  return periodEnd < today;
}
