import {
  IMPORT_MESSAGES,
  type ImportRowError,
  isoDateInCopenhagen,
  MAX_IMPORT_ROWS,
  parseImportedValue,
  REMOTE_CSV_COLUMNS,
} from '@maaler/contract';
import { parseImportDate } from '../import-dates.ts';
import type { ImportRow } from '../import-row.ts';
import { parseWmbusmetersLine } from './wmbusmeters-line.ts';

// The remote values of a file (issue 38, ADR 050), read in the import worker: wmbusmeters' JSON lines,
// or the rows of a CSV headed `Radio-id;Tidspunkt;Værdi`, as one shape the remote plan matches to points.

/** A value of a register: its unit when the file names it (wmbusmeters), else null (the CSV). */
export type RemoteValue = { field: string; unit: string | null; value: string };

/** One telegram or CSV row: the meter's radio id, the Copenhagen day, its values and any fault it reports. */
export type RemoteRow = {
  line: number;
  radioId: string;
  /** ISO 8601 of the telegram; within a day the latest one is the day's value. */
  at: string;
  date: string;
  values: RemoteValue[];
  fault: string | null;
};

/** Good rows and the bad lines, each with its Danish reason; a bad line never stops the others. */
export type RemoteFile = { rows: RemoteRow[]; errors: ImportRowError[]; tooManyRows: boolean };

export function readWmbusmetersFile(text: string): RemoteFile {
  const rows: RemoteRow[] = [];
  const errors: ImportRowError[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (raw.trim() === '') continue;
    if (rows.length + errors.length === MAX_IMPORT_ROWS) return { rows, errors, tooManyRows: true };
    const telegram = parseWmbusmetersLine(raw);
    if ('error' in telegram) {
      errors.push({ line, column: null, message: telegram.error });
      continue;
    }
    const values: RemoteValue[] = [];
    const before = errors.length;
    for (const total of telegram.totals) {
      const parsed = parseImportedValue(total.value);
      if ('error' in parsed) errors.push({ line, column: total.field, message: parsed.error });
      else values.push({ field: total.field, unit: total.unit, value: parsed.value });
    }
    if (errors.length > before) continue;
    rows.push({
      line,
      radioId: telegram.radioId,
      at: telegram.at,
      date: telegram.date,
      values,
      fault: telegram.fault,
    });
  }
  return { rows, errors, tooManyRows: false };
}

/** The rows of a remote CSV (read with `REMOTE_CSV_COLUMNS` as its columns). */
export function remoteRowsOfCsv(csvRows: readonly ImportRow[]): RemoteFile {
  const [radioColumn, timeColumn, valueColumn] = REMOTE_CSV_COLUMNS;
  const rows: RemoteRow[] = [];
  const errors: ImportRowError[] = [];
  for (const { line, cells } of csvRows) {
    const fail = (column: string, message: string) => errors.push({ line, column, message });
    const before = errors.length;
    const radioId = cells[radioColumn] ?? '';
    const timeText = cells[timeColumn] ?? '';
    const valueText = cells[valueColumn] ?? '';
    if (radioId === '') fail(radioColumn, IMPORT_MESSAGES.required(radioColumn));
    const time = timeText === '' ? null : parseTimestamp(timeText);
    if (timeText === '') fail(timeColumn, IMPORT_MESSAGES.required(timeColumn));
    else if (time === null) fail(timeColumn, IMPORT_MESSAGES.timestampInvalid);
    const parsed = valueText === '' ? null : parseImportedValue(valueText);
    if (!parsed) fail(valueColumn, IMPORT_MESSAGES.required(valueColumn));
    else if ('error' in parsed) fail(valueColumn, parsed.error);
    if (errors.length > before || time === null || !parsed || 'error' in parsed) continue;
    rows.push({
      line,
      radioId,
      ...time,
      values: [{ field: valueColumn, unit: null, value: parsed.value }],
      fault: null,
    });
  }
  return { rows, errors, tooManyRows: false };
}

const WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\S+)(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A time with a zone (`2026-11-20T06:00:00Z`) is placed in Copenhagen's day; one without (`20-11-2026
 * 06:00`, `2026-11-20 06:00`, or a date alone) is Copenhagen's local time, as the office writes it.
 */
function parseTimestamp(text: string): { at: string; date: string } | null {
  if (WITH_ZONE.test(text)) {
    const at = new Date(text.replace(' ', 'T'));
    return Number.isNaN(at.getTime()) ? null : { at: at.toISOString(), date: isoDateInCopenhagen(at) };
  }
  const match = LOCAL.exec(text);
  const date = match ? parseImportDate(match[1] ?? '') : null;
  if (!match || date === null) return null;
  const [hours = '00', minutes = '00', seconds = '00'] = [match[2], match[3], match[4]];
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  // Ordered within its day only, so the local time is kept as written.
  return { at: `${date}T${hours}:${minutes}:${seconds}`, date };
}
