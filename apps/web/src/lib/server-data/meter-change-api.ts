import type { MeterChangeRequest } from '@maaler/contract';
import { api } from '../http/api-client';
import { z } from '../zod';

/** All the app relies on in the answer (ADR 012): the new meter and its location. */
const MeterChangeAnswer = z.object({ DeviceId: z.number(), GatewayId: z.number() });
export type MeterChangeAnswer = z.infer<typeof MeterChangeAnswer>;

/**
 * POST /api/gateway/meterchange/{deviceId}/{accountId} (ADR 019): the old meter's final and the new
 * meter's start readings, the new meter in the old one's place. The same key for every attempt of one
 * dialog, so a retry after a lost answer changes the meter once.
 */
export function postMeterChange(
  accountId: string,
  deviceId: number,
  change: MeterChangeRequest,
  idempotencyKey: string,
): Promise<MeterChangeAnswer> {
  return api.post(
    `/api/gateway/meterchange/${deviceId}/${encodeURIComponent(accountId)}`,
    change,
    MeterChangeAnswer,
    { 'Idempotency-Key': idempotencyKey },
  );
}
