import {
  type DatedValue,
  type GuaranteedDevice,
  type GuaranteedHistoryList,
  knownReadings,
  normalizeReadingValue,
  type RegisterSettings,
  registerRefusal,
  registerRefusalText,
  rollsOver,
} from '@maaler/contract';
import { datedValueOf } from '@/lib/server-data/reading-history-api';
import { readingReportMessages as messages } from './messages';
import { lastReadingOf } from './plausibility-warnings';

// The hard rules of ADR 020 on the form, before anything is sent: the contract's check with the
// settings the gateway tree gives the chosen meter and its points (none from a server that only
// speaks the seed contract, and then nothing is refused here).

/** The form's values as typed; only what the rules read. */
type TypedReadings = { date: string; readings: readonly { deviceItemId: number; value: string }[] };

/** Field path → Danish refusal. */
export type RegisterFieldErrors = Map<'date' | `readings.${number}.value`, string>;

/**
 * The point's real readings on this meter: the history of a new meter also holds the old meter's
 * readings before the change (ADR 019), which are another register's, so everything before the latest
 * change row is left out; an estimate is never what a reading is judged against (ADR 021).
 */
function ownReadingsOfPoint(history: GuaranteedHistoryList, deviceItemId: number): DatedValue[] {
  const entries = history.filter(
    (entry) => entry.DeviceItemId === deviceItemId && entry.Source !== 'estimate',
  );
  const changedOn =
    entries
      .filter((entry) => entry.MeterChange)
      .map((entry) => entry.DateRecord)
      .sort()
      .at(-1) ?? '';
  return entries.filter((entry) => entry.DateRecord >= changedOn).map(datedValueOf);
}

/** The register's settings of a point of the chosen meter. */
function settingsOf(
  device: GuaranteedDevice,
  item: GuaranteedDevice['DeviceItemList'][number],
): RegisterSettings {
  return {
    registerDigits: item.RegisterDigits ?? null,
    countsUpOnly: item.CountsUpOnly ?? false,
    installedOn: device.InstalledOn ?? null,
  };
}

/**
 * The points whose typed value is the register going round since the reading before (`Omløb`, ADR 046):
 * the form says `Tælleværket er gået rundt` under them before sending, by the rule the server counts by.
 */
export function rolloverPoints(
  values: TypedReadings,
  device: GuaranteedDevice | undefined,
  history: GuaranteedHistoryList | undefined,
): ReadonlySet<number> {
  const points = new Set<number>();
  if (!device || values.date === '') return points;
  for (const reading of values.readings) {
    const item = device.DeviceItemList.find((candidate) => candidate.DeviceItemId === reading.deviceItemId);
    const value = normalizeReadingValue(reading.value.trim());
    if (!item || value === null || item.RegisterDigits == null) continue;
    const known = knownReadings(ownReadingsOfPoint(history ?? [], item.DeviceItemId), lastReadingOf(item));
    if (rollsOver({ date: values.date, value, known }, settingsOf(device, item)))
      points.add(item.DeviceItemId);
  }
  return points;
}

export function registerFieldErrors(
  values: TypedReadings,
  device: GuaranteedDevice | undefined,
  history: GuaranteedHistoryList | undefined,
): RegisterFieldErrors {
  const errors: RegisterFieldErrors = new Map();
  if (!device) return errors;
  const installedOn = device.InstalledOn ?? null;
  if (installedOn !== null && values.date !== '' && values.date < installedOn) {
    errors.set('date', messages.dateBeforeInstallation(installedOn));
    return errors;
  }
  values.readings.forEach((reading, index) => {
    const item = device.DeviceItemList.find((candidate) => candidate.DeviceItemId === reading.deviceItemId);
    const value = normalizeReadingValue(reading.value.trim());
    if (!item || value === null || values.date === '') return;
    const settings = settingsOf(device, item);
    const known = knownReadings(ownReadingsOfPoint(history ?? [], item.DeviceItemId), lastReadingOf(item));
    const refusal = registerRefusal({ date: values.date, value, known }, settings);
    if (refusal) errors.set(`readings.${index}.value`, registerRefusalText(item.Name, refusal));
  });
  return errors;
}
