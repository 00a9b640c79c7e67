import { RegisterReadingsResponse } from '@maaler/contract';
import { type ReadingSend, readingBatch } from '../device/reading-send';
import { api } from '../http/api-client';

// The readings are sent by the reading screen, and by the sync when they were kept on the device.

/**
 * POST /api/gateway/manualregisterdeviceitemdata/{accountId}: stores the SEND's readings, all or none.
 * The key is one per press of SEND and stays the same for every attempt, so it cannot store twice.
 */
export function postReadings(
  accountId: string,
  send: ReadingSend,
  idempotencyKey: string,
): Promise<RegisterReadingsResponse> {
  return api.post(
    `/api/gateway/manualregisterdeviceitemdata/${encodeURIComponent(accountId)}`,
    readingBatch(send),
    RegisterReadingsResponse,
    { 'Idempotency-Key': idempotencyKey },
  );
}
