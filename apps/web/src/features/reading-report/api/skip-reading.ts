import type { SkipReadingRequest } from '@maaler/contract';
import { useMutation } from '@tanstack/react-query';
import { postSkipReading } from '@/lib/server-data/skip-reading-api';

export type SkipMeterRequest = {
  accountId: string;
  skip: SkipReadingRequest;
  /** One per opening of the dialog: a retry sends the same key, so a skip is stored once. */
  idempotencyKey: string;
};

export function useSkipReading() {
  return useMutation({
    mutationFn: ({ accountId, skip, idempotencyKey }: SkipMeterRequest) =>
      postSkipReading(accountId, skip, idempotencyKey),
    networkMode: 'always',
  });
}
