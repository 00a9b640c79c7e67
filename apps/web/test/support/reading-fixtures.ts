import type { HistoryEntry } from '@maaler/contract';

type FormReading = { deviceItemId: number; value: string };

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
