import type { GuaranteedDevice, HistoryEntry } from '@maaler/contract';

type FormReading = { deviceItemId: number; value: string };

/** Point 7 'Volumen' of meter 2 'Koldt vand', as the tree sends it: last read 120 m³ on 1 October 2026. */
export const COLD_WATER_VOLUMEN = {
  DeviceItemId: 7,
  Name: 'Volumen',
  Unit: 'm³',
  LastValue: '120',
  LastDateValue: '2026-10-01',
  LastDateValueFormatted: '01-10-2026',
};

/** Meter 2 'Koldt vand' with its one point, COLD_WATER_VOLUMEN; `point` adds to the point. */
export function coldWaterDevice(extra: Partial<GuaranteedDevice> = {}, point: object = {}): GuaranteedDevice {
  return {
    DeviceId: 2,
    Name: 'Koldt vand',
    DeviceItemList: [{ ...COLD_WATER_VOLUMEN, ...point }],
    ...extra,
  };
}

/** A filled-in reading form for meter 2 at gateway 1 of account 'a', unless `meter` names another. */
export function readingForm(
  date: string,
  readings: FormReading[],
  meter: { accountId?: string; gatewayId?: string; deviceId?: string } = {},
) {
  return { accountId: 'a', gatewayId: '1', deviceId: '2', ...meter, date, readings };
}

/** A history entry as the server sends it: typed in on the web by Torben Tekniker at 08:15 UTC on its date. */
export function historyEntry(
  point: { DeviceItemId: number; Name: string },
  DateRecord: string,
  Value: string,
  extra: Partial<HistoryEntry> = {},
): HistoryEntry {
  return {
    ...point,
    DateRecord,
    DateRecordFormatted: DateRecord.split('-').reverse().join('-'),
    Value,
    RegisteredAt: `${DateRecord}T08:15:00.000Z`,
    RegisteredBy: 'Torben Tekniker',
    PlausibilityOverride: false,
    Corrections: [],
    Source: 'web',
    EnteredAt: null,
    ...extra,
  };
}
