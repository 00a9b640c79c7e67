import { subtractDecimal } from '@maaler/contract';

type Dated = { itemId: number; dateRecord: string; value: string };

/**
 * Which of a point's readings each control reading is compared with (ADR 049): the reading nearest in
 * date, the earlier one when two are as near (a control is usually taken after the period's reading).
 * Answers, per reading's index in `readings`, its controls with the control's value minus the
 * reading's. A control on a point without any reading has nothing to be compared with and is left out.
 */
export function compareControls<C extends Dated>(
  readings: readonly Dated[],
  controls: readonly C[],
): Map<number, { control: C; difference: string }[]> {
  const compared = new Map<number, { control: C; difference: string }[]>();
  for (const control of controls) {
    let nearest: { index: number; days: number; dateRecord: string } | undefined;
    for (const [index, reading] of readings.entries()) {
      if (reading.itemId !== control.itemId) continue;
      const days = Math.abs(daysBetween(reading.dateRecord, control.dateRecord));
      const nearer =
        nearest === undefined ||
        days < nearest.days ||
        (days === nearest.days && reading.dateRecord < nearest.dateRecord);
      if (nearer) nearest = { index, days, dateRecord: reading.dateRecord };
    }
    const reading = nearest && readings[nearest.index];
    if (!nearest || !reading) continue;
    const list = compared.get(nearest.index) ?? [];
    list.push({ control, difference: subtractDecimal(control.value, reading.value) });
    compared.set(nearest.index, list);
  }
  return compared;
}

const daysBetween = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
