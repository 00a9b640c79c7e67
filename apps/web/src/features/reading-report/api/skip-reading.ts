import type { SkipReadingRequest } from '@maaler/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { z } from '@/lib/zod';

/** All the app relies on in the answer (ADR 012). */
const SkipAnswer = z.object({ Success: z.literal(true) });

export type SkipMeterRequest = {
  accountId: string;
  skip: SkipReadingRequest;
  /** One per press of 'Gem': a retry sends the same key, so a skip is stored once. */
  idempotencyKey: string;
};

/** POST /api/gateway/skipreading/{accountId}: the meter was not read this period, and why. */
function skipReading({ accountId, skip, idempotencyKey }: SkipMeterRequest) {
  return api.post(`/api/gateway/skipreading/${encodeURIComponent(accountId)}`, skip, SkipAnswer, {
    'Idempotency-Key': idempotencyKey,
  });
}

export function useSkipReading() {
  return useMutation({ mutationFn: skipReading, networkMode: 'always' });
}
