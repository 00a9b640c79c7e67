import { toWireValue } from '@maaler/contract';
import type { ReadingSend } from '@/lib/device/reading-send';
import type { ValidReadingForm } from '../reading-form-rules';

/**
 * The form's readings as one SEND: the ids as numbers, each value as typed with a comma as decimal
 * separator (no rounding, no trimmed zeros). Points in `confirmed` were sent after a plausibility
 * warning; they carry `plausibilityOverride`.
 */
export function readingSendOfForm(
  form: ValidReadingForm,
  confirmed: ReadonlySet<number>,
  enteredAt: number = Date.now(),
): ReadingSend {
  return {
    gatewayId: Number(form.gatewayId),
    deviceId: Number(form.deviceId),
    date: form.date,
    enteredAt,
    ...(form.reason ? { reason: form.reason } : {}),
    readings: form.readings.map((reading) => ({
      deviceItemId: reading.deviceItemId,
      value: toWireValue(reading.value),
      plausibilityOverride: confirmed.has(reading.deviceItemId),
    })),
  };
}
