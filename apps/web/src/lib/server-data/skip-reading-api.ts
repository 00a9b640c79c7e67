import type { SkipReadingRequest } from '@maaler/contract';
import { api } from '../http/api-client';
import { z } from '../zod';

/** All the app relies on in the answer (ADR 012). */
const SkipAnswer = z.object({ Success: z.literal(true) });

// The route's skip is sent by the reading screen, and by the sync when it was kept on the device.

/**
 * POST /api/gateway/skipreading/{accountId}: the meter was not read this period, and why. The key
 * stays the same for every attempt, so a skip is stored once.
 */
export async function postSkipReading(
  accountId: string,
  skip: SkipReadingRequest,
  idempotencyKey: string,
): Promise<void> {
  await api.post(`/api/gateway/skipreading/${encodeURIComponent(accountId)}`, skip, SkipAnswer, {
    'Idempotency-Key': idempotencyKey,
  });
}
