import { useMutation } from '@tanstack/react-query';
import type { ReadingSend } from '@/lib/device/reading-send';
import { sendReadings } from '@/lib/device/send-readings';

export type RegisterReadingsRequest = {
  accountId: string;
  send: ReadingSend;
  /** One per press of 'SEND'; a retry of that press sends the same key, so it cannot store twice. */
  idempotencyKey: string;
  /** The shrunk photo the SEND's `photoId` names, uploaded before the readings (issue 36). */
  photo?: Blob | undefined;
};

const MAX_RETRIES = 2;
/** Short: without a connection SEND keeps the readings on the device after the last retry. */
const RETRY_DELAY_MS = 500;

/**
 * fetch rejects with a TypeError when no answer came back. The readings may still have been stored,
 * so only the same key may be sent again.
 */
export function isLostAnswer(error: unknown): boolean {
  return error instanceof TypeError;
}

export function useRegisterReadings() {
  return useMutation({
    mutationFn: ({ accountId, send, idempotencyKey, photo }: RegisterReadingsRequest) =>
      sendReadings(accountId, send, idempotencyKey, photo),
    // Without a connection the attempt fails at once and SEND keeps the readings on the device,
    // instead of waiting (paused) for the connection to return.
    networkMode: 'always',
    retry: (failureCount, error) => failureCount < MAX_RETRIES && isLostAnswer(error),
    retryDelay: RETRY_DELAY_MS,
  });
}
