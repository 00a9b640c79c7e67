import type { SaveOutcome, SendOrKeepSteps } from './send-or-keep';

type KeepFirstSteps = Pick<SendOrKeepSteps, 'online' | 'idempotencyKey' | 'keep'> & {
  /** Asks the sync to send what was just kept. */
  requestSend: () => void;
  /** The spec's SEND (`sendOrKeep`) under the same key. */
  sendNow: () => Promise<SaveOutcome>;
};

/**
 * Route mode's SEND (ADR 054): the readings go into the device's list first, under the press's key,
 * and the sync sends them from there with its retries and its refusals, so the route moves on without
 * waiting for the server. Without a connection nothing is asked to send: the sync's own triggers take
 * them when it returns. A device that will not keep them (private window, storage full) gets the
 * spec's SEND instead, under the same key, so nothing typed is lost and nothing stored twice.
 */
export async function keepFirst({
  online,
  idempotencyKey,
  keep,
  requestSend,
  sendNow,
}: KeepFirstSteps): Promise<SaveOutcome> {
  if (keep) {
    try {
      await keep(idempotencyKey, !online);
      if (online) requestSend();
      return 'kept';
    } catch (error) {
      console.warn('Keeping the readings on the device failed; sending them at once', error);
    }
  }
  return sendNow();
}
