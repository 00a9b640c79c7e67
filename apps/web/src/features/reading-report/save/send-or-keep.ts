import { isLostAnswer } from '../api/register-readings';

/** `saved` by the server, or `kept` on the device to be sent when the connection returns. */
export type SaveOutcome = 'saved' | 'kept';

/** The device refused to keep readings (private mode, storage full or switched off). */
export class DeviceStorageRefused extends Error {}

export type SendOrKeepSteps = {
  /** `navigator.onLine` at the press: without a connection no attempt is made. */
  online: boolean;
  /** One per press of SEND: the attempt online and the kept SEND share it. */
  idempotencyKey: string;
  /** Sends the readings (the API call retries a lost answer itself). */
  post: (idempotencyKey: string) => Promise<unknown>;
  /** Keeps them on the device; null while the meter's location and points are not loaded. */
  keep: ((idempotencyKey: string, enteredOffline: boolean) => Promise<void>) | null;
};

/**
 * Sends the readings, or keeps them on the device when there is no connection to send them over
 * (issue 16): at once when offline (entered offline), or after an attempt that got no answer, with
 * that attempt's key, as the server may have stored it. Any answer of the server stands (a refusal
 * throws as the API client threw it).
 */
export async function sendOrKeep({
  online,
  idempotencyKey,
  post,
  keep,
}: SendOrKeepSteps): Promise<SaveOutcome> {
  if (online) {
    try {
      await post(idempotencyKey);
      return 'saved';
    } catch (error) {
      if (!isLostAnswer(error)) throw error;
    }
  }
  if (!keep) throw new TypeError('The meter of the readings is not loaded');
  await keep(idempotencyKey, !online).catch((error: unknown) => {
    console.error('Keeping the readings on the device failed', error);
    throw new DeviceStorageRefused();
  });
  return 'kept';
}
