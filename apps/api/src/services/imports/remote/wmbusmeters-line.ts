import { isoDateInCopenhagen } from '@maaler/contract';

// One telegram as the open `wmbusmeters` decoder writes it (its `--format=json`, one JSON object a
// line): `id` (the radio id), `timestamp`, the meter's `total_*` fields named with their unit
// (`total_m3`, `total_energy_consumption_kwh`, …) and status fields that differ between drivers
// (issue 38). Pure: the import matches the totals to points by the meter's `Radio-id` and each point's unit.

/** A register's value from the telegram, in the unit its field name ends with. */
export type RemoteTotal = { field: string; unit: RemoteUnit; value: string };

/** The units a `total_*` field may end with, as the app writes them on a point. */
export const REMOTE_UNITS = { m3: 'm³', kwh: 'kWh', mwh: 'MWh', gj: 'GJ', l: 'l', hca: 'HCA' } as const;
export type RemoteUnit = (typeof REMOTE_UNITS)[keyof typeof REMOTE_UNITS];

export type RemoteTelegram = {
  radioId: string;
  /** ISO 8601 of the telegram, and the Copenhagen day it is a reading of. */
  at: string;
  date: string;
  totals: RemoteTotal[];
  /** Why the meter needs a look (its error status, a leak or burst), or null when it reports none. */
  fault: string | null;
};

export type TelegramRefusal = { error: string };

/** Status words wmbusmeters drivers use for a meter without a fault. */
const NO_FAULT = new Set(['', 'OK', 'NONE', 'NULL']);
/** Fields some drivers fill with a duration while a fault lasts, empty otherwise. */
const FAULT_DURATIONS = { time_leaking: 'Lækage', time_bursting: 'Sprængt rør' } as const;
const STATUS_FIELDS = ['current_status', 'status', 'error_flags'] as const;

const TELEGRAM_TEXTS = {
  notJson: 'Linjen er ikke et JSON-objekt fra wmbusmeters',
  noId: 'Linjen mangler feltet id (målerens radio-id)',
  noTimestamp: 'Linjen mangler et gyldigt tidspunkt (timestamp)',
  noTotals: 'Linjen har ingen total_-felter med en kendt enhed',
} as const;

/** The unit a field name ends with (`total_m3` → m³), or null for a field that is not a register total. */
export function unitOfTotalField(field: string): RemoteUnit | null {
  if (!field.startsWith('total_')) return null;
  const suffix = field.slice(field.lastIndexOf('_') + 1).toLowerCase();
  return Object.hasOwn(REMOTE_UNITS, suffix) ? REMOTE_UNITS[suffix as keyof typeof REMOTE_UNITS] : null;
}

/**
 * A JSON number as a decimal string, or null. JavaScript writes numbers below 1e-6 or from 1e21 with
 * an exponent; no register shows such a value, so those are taken as no value rather than rounded.
 */
function decimalOf(raw: unknown): string | null {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return null;
  const text = String(raw);
  return /e/i.test(text) ? null : text;
}

function faultOf(telegram: Record<string, unknown>): string | null {
  const faults: string[] = [];
  for (const field of STATUS_FIELDS) {
    const value = telegram[field];
    if (typeof value === 'string' && !NO_FAULT.has(value.trim().toUpperCase())) faults.push(value.trim());
  }
  for (const [field, label] of Object.entries(FAULT_DURATIONS)) {
    const value = telegram[field];
    if (typeof value === 'string' && value.trim() !== '') faults.push(`${label} (${value.trim()})`);
  }
  return faults.length === 0 ? null : [...new Set(faults)].join(', ');
}

/** Reads one line of wmbusmeters' JSON output, or says in Danish why it cannot be used. */
export function parseWmbusmetersLine(line: string): RemoteTelegram | TelegramRefusal {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { error: TELEGRAM_TEXTS.notJson };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { error: TELEGRAM_TEXTS.notJson };
  }
  const telegram = parsed as Record<string, unknown>;
  const radioId = typeof telegram.id === 'string' ? telegram.id.trim() : '';
  if (radioId === '') return { error: TELEGRAM_TEXTS.noId };
  const at = typeof telegram.timestamp === 'string' ? new Date(telegram.timestamp) : null;
  if (!at || Number.isNaN(at.getTime())) return { error: TELEGRAM_TEXTS.noTimestamp };
  const totals: RemoteTotal[] = [];
  for (const [field, raw] of Object.entries(telegram)) {
    const unit = unitOfTotalField(field);
    const value = decimalOf(raw);
    if (unit && value !== null) totals.push({ field, unit, value });
  }
  if (totals.length === 0) return { error: TELEGRAM_TEXTS.noTotals };
  return { radioId, at: at.toISOString(), date: isoDateInCopenhagen(at), totals, fault: faultOf(telegram) };
}
