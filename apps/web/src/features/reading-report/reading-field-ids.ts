import type { ReadingField, ReadingFormValues } from './reading-form-rules';

/** The element ids of the home form's choices. */
export const READING_FIELD_IDS = {
  accountId: 'reading-account',
  gatewayId: 'reading-location',
  deviceId: 'reading-meter',
  date: 'reading-date',
} as const;

export const measurementFieldId = (deviceItemId: number): string => `reading-value-${deviceItemId}`;

const READING_PATH = /^readings\.(\d+)\.value$/;

/** Moves the focus into a field of the form, e.g. the first one a submit found an error in. */
export function focusField(values: ReadingFormValues, field: ReadingField): void {
  const index = READING_PATH.exec(field)?.[1];
  const id =
    index === undefined
      ? READING_FIELD_IDS[field as keyof typeof READING_FIELD_IDS]
      : measurementFieldId(values.readings[Number(index)]?.deviceItemId ?? Number.NaN);
  document.getElementById(id)?.focus();
}
