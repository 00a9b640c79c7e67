import type { QueuedSkip } from './queued-skip';
import type { ReadingQueue } from './reading-queue';
import { attempt } from './send-outcome';

/**
 * Sends one kept skip with its own Idempotency-Key; throws what the API client throws. Its answer may
 * say the resident got the self-reading link (`ResidentLinkSent`, ADR 044).
 */
export type SendSkip = (skip: QueuedSkip) => Promise<Record<string, unknown>>;

export type SkipSyncResult = {
  sent: number;
  /** Skips the server refused (the meter left the account meanwhile): removed, with its text. */
  refused: { deviceName: string; text: string }[];
  /** The meters whose resident the server sent the self-reading link with their skip. */
  linkSent: string[];
  interrupted: boolean;
};

/**
 * Sends `userId`'s kept skips oldest first, until all are sent or one cannot be. A skip leaves the
 * device only after the server's answer; a refused one is removed too, as the user can change
 * nothing in it, and its text is returned to be shown.
 */
export async function syncSkipQueue(
  queue: ReadingQueue,
  userId: string,
  sendSkip: SendSkip,
): Promise<SkipSyncResult> {
  const result: SkipSyncResult = { sent: 0, refused: [], linkSent: [], interrupted: false };
  for (const skip of await queue.listSkips(userId)) {
    const answer: { linkSent?: boolean } = {};
    const outcome = await attempt(async () => {
      answer.linkSent = (await sendSkip(skip)).ResidentLinkSent === true;
    });
    if (outcome.kind === 'stop') {
      result.interrupted = true;
      break;
    }
    await queue.removeSkip(skip.id);
    if (answer.linkSent) result.linkSent.push(skip.deviceName);
    if (outcome.kind === 'sent') result.sent += 1;
    else result.refused.push({ deviceName: skip.deviceName, text: outcome.text });
  }
  return result;
}
