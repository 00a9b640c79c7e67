/** The first retry comes after this; each further one waits twice as long as the one before. */
const FIRST_RETRY_MS = 30_000;
/** No retry waits longer, so a message still goes out soon after a long outage ends. */
const LONGEST_RETRY_MS = 60 * 60_000;

/**
 * When a message refused on its `attempts`-th attempt is due again, or null once it has had
 * `maxAttempts` (then it stays `failed`, readable in `Udsendte e-mails`).
 */
export function nextAttemptAt(now: Date, attempts: number, maxAttempts: number): Date | null {
  if (attempts >= maxAttempts) return null;
  const delay = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
  return new Date(now.getTime() + delay);
}
