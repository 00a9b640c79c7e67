import {
  DEVICE_TYPE_LABELS,
  DEVICE_TYPES,
  type DeviceType,
  hasNoControlCharacters,
  IMPORT_MESSAGES,
  type ImportRowError,
  isResidentEmail,
  isResidentName,
  isResidentPhone,
  MAX_ACCESS_NOTE_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PLACEMENT_LENGTH,
  MAX_SERIAL_LENGTH,
} from '@maaler/contract';
import type { MeterResident } from '../../db/repositories/meter-residents.ts';
import type { ImportRow } from './import-row.ts';

// One row of the meters file (ADR 018) checked cell by cell: the required columns, the optional
// resident, note and remote columns (ADR 039, 047, 050), each error tied to its line and column.

const MAX_UNIT_LENGTH = 20;
const MAX_ADDRESS_LENGTH = 200;
export const lower = (text: string) => text.toLocaleLowerCase('da');

const TYPE_BY_TEXT = new Map<string, DeviceType>([
  ...DEVICE_TYPES.map((type) => [type, type] as const),
  ...Object.entries(DEVICE_TYPE_LABELS).map(([type, label]) => [lower(label), type as DeviceType] as const),
]);

export type MeterRow = {
  line: number;
  location: string;
  address: string;
  meter: string;
  serial: string;
  type: DeviceType;
  point: string;
  unit: string;
  /** The resident's fields the file has columns for. */
  resident: Partial<MeterResident>;
  /** The meter's `Adgang` and `Placering` the file has columns for; '' clears one. */
  notes: MeterNotes;
  /** `Fjernaflæst` and `Radio-id` when the file has the column (issue 38): the radio id, or null for `nej`. */
  remote?: { radioId: string | null };
};

type MeterNotes = { access?: string; placement?: string };

const NOTE_COLUMNS = [
  ['Adgang', 'access', MAX_ACCESS_NOTE_LENGTH],
  ['Placering', 'placement', MAX_PLACEMENT_LENGTH],
] as const;

const RESIDENT_COLUMNS = [
  ['Beboer', 'name', isResidentName, IMPORT_MESSAGES.residentNameInvalid],
  ['Beboer e-mail', 'email', isResidentEmail, IMPORT_MESSAGES.residentEmailInvalid],
  ['Beboer telefon', 'phone', isResidentPhone, IMPORT_MESSAGES.residentPhoneInvalid],
] as const;

/** The row's cells checked one by one, or null after pushing its errors. */
export function checkedRow({ line, cells }: ImportRow, errors: ImportRowError[]): MeterRow | null {
  const before = errors.length;
  const text = (column: string, max: number, required = true): string => {
    const value = cells[column] ?? '';
    if (required && value === '') errors.push({ line, column, message: IMPORT_MESSAGES.required(column) });
    else if (value.length > max) errors.push({ line, column, message: IMPORT_MESSAGES.tooLong(column, max) });
    else if (!hasNoControlCharacters(value)) {
      errors.push({ line, column, message: IMPORT_MESSAGES.controlCharacters(column) });
    }
    return value;
  };
  const location = text('Lokation', MAX_NAME_LENGTH);
  const address = text('Adresse', MAX_ADDRESS_LENGTH, false);
  const meter = text('Måler', MAX_NAME_LENGTH);
  const serial = text('Serienummer', MAX_SERIAL_LENGTH);
  const typeText = text('Type', MAX_NAME_LENGTH);
  const type = TYPE_BY_TEXT.get(lower(typeText));
  if (typeText !== '' && !type) errors.push({ line, column: 'Type', message: IMPORT_MESSAGES.typeInvalid });
  const point = text('Målepunkt', MAX_NAME_LENGTH);
  const unit = text('Enhed', MAX_UNIT_LENGTH);
  const resident: Partial<MeterResident> = {};
  for (const [column, field, valid, message] of RESIDENT_COLUMNS) {
    const cell = cells[column];
    if (cell === undefined) continue;
    const value = field === 'email' ? lower(cell) : cell;
    if (valid(value)) resident[field] = value;
    else errors.push({ line, column, message });
  }
  const notes: MeterNotes = {};
  for (const [column, field, max] of NOTE_COLUMNS) {
    if (cells[column] !== undefined) notes[field] = text(column, max, false);
  }
  const remote = remoteOf(cells, serial, text, (column, message) => errors.push({ line, column, message }));
  if (errors.length > before || !type) return null;
  return { line, location, address, meter, serial, type, point, unit, resident, notes, ...remote };
}

const REMOTE_YES = 'ja';
const REMOTE_NO = new Set(['nej', '']);

/**
 * `Fjernaflæst` ja/nej (an empty cell is nej) and `Radio-id`, which defaults to the serial number; a
 * radio id on a meter read by hand only is refused, as the file would not say what it means.
 */
function remoteOf(
  cells: Record<string, string>,
  serial: string,
  text: (column: string, max: number, required?: boolean) => string,
  fail: (column: string, message: string) => void,
): { remote?: { radioId: string | null } } {
  const flag = cells.Fjernaflæst;
  const radioId = cells['Radio-id'] === undefined ? '' : text('Radio-id', MAX_SERIAL_LENGTH, false);
  const remote = flag !== undefined && lower(flag) === REMOTE_YES;
  if (flag !== undefined && !remote && !REMOTE_NO.has(lower(flag))) {
    fail('Fjernaflæst', IMPORT_MESSAGES.remoteFlagInvalid);
    return {};
  }
  if (!remote && radioId !== '') {
    fail('Radio-id', IMPORT_MESSAGES.radioIdWithoutRemote);
    return {};
  }
  if (flag === undefined) return {};
  return { remote: { radioId: remote ? radioId || serial : null } };
}
