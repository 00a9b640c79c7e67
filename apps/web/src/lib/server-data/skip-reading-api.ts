import type { SkipReadingRequest } from '@maaler/contract';
import { api } from '../http/api-client';
import { answerSchema } from './answer-schema';
import type { SkipAnswer } from './answer-schemas';

export type { SkipAnswer } from './answer-schemas';

const skipAnswer = answerSchema('SkipAnswer');

// The route's skip is sent by the reading screen, and by the sync when it was kept on the device.

/**
 * POST /api/gateway/skipreading/{accountId}: the meter was not read this period, and why. The key
 * stays the same for every attempt, so a skip is stored once.
 */
export async function postSkipReading(
  accountId: string,
  skip: SkipReadingRequest,
  idempotencyKey: string,
): Promise<SkipAnswer> {
  return api.post(`/api/gateway/skipreading/${encodeURIComponent(accountId)}`, skip, skipAnswer, {
    'Idempotency-Key': idempotencyKey,
  });
}
