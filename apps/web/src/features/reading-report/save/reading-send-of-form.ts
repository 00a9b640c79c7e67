import { type ReadingBatch, toUsDate, toWireValue } from '@maaler/contract';
import type { ValidReadingForm } from '../reading-form-rules';

const NONE: ReadonlySet<number> = new Set();

/**
 * The body of POST /api/gateway/manualregisterdeviceitemdata/{accountId}: one reading per
 * measurement point, the date in US format and the value as typed with a comma as decimal separator.
 * Points in `confirmed` were sent after a plausibility warning; they carry `plausibilityOverride`.
 */
export function buildReadingPayload(
  form: ValidReadingForm,
  confirmed: ReadonlySet<number> = NONE,
): ReadingBatch {
  const gatewayId = Number(form.gatewayId);
  const deviceId = Number(form.deviceId);
  const dateRecord = toUsDate(form.date);
  return form.readings.map((reading) => ({
    gatewayId,
    deviceId,
    dateRecord,
    deviceItemId: reading.deviceItemId,
    value: toWireValue(reading.value),
    ...(confirmed.has(reading.deviceItemId) ? { plausibilityOverride: true } : {}),
  }));
}
