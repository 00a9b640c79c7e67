import { RegisterReadingsResponse } from '@maaler/contract';
import { type QueuedSend, queuedBatch } from '@/lib/device/reading-queue/queued-send';
import { api } from '@/lib/http/api-client';

/**
 * POST /api/gateway/manualregisterdeviceitemdata/{accountId} for a SEND kept on the device, with
 * its stable Idempotency-Key and the signed-in user's session.
 */
export async function sendQueuedReadings(send: QueuedSend): Promise<void> {
  await api.post(
    `/api/gateway/manualregisterdeviceitemdata/${encodeURIComponent(send.accountId)}`,
    queuedBatch(send),
    RegisterReadingsResponse,
    { 'Idempotency-Key': send.idempotencyKey },
  );
}
