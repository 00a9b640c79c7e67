import type { SkipReadingRequest } from '@maaler/contract';
import { api } from '../http/api-client';
import { z } from '../zod';

/**
 * All the app relies on in the answer (ADR 012); loose, so this server's `ResidentLinkSent` (ADR 044),
 * beyond the contract, reaches the screens that say it.
 */
const SkipAnswer = z.looseObject({ Success: z.literal(true) });
export type SkipAnswer = z.infer<typeof SkipAnswer>;

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
  return api.post(`/api/gateway/skipreading/${encodeURIComponent(accountId)}`, skip, SkipAnswer, {
    'Idempotency-Key': idempotencyKey,
  });
}
