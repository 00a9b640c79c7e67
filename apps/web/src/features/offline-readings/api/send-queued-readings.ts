import { RegisterReadingsResponse } from '@maaler/contract';
import { api } from '@/lib/http/api-client';
import { type QueuedSend, queuedBatch } from '@/lib/reading-queue/queued-send';

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
