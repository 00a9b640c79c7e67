import { z } from 'zod/mini';
import { MAX_RESIDENT_NAME_LENGTH, MAX_RESIDENT_PHONE_LENGTH, MIN_READING_DATE } from './constants.ts';
import { toDanishDate } from './dates.ts';
import { AccountIdParams } from './params.ts';
import { counted } from './plural.ts';

// Import (`Importér`, issue 18, ADR 018): an administrator's CSV or Excel file of locations, meters and
// points, or of readings, checked first (dry run) and then applied all or nothing.

export const IMPORT_KINDS = ['meters', 'readings'] as const;
export const ImportKind = z.enum(IMPORT_KINDS, { error: 'Importtypen skal være meters eller readings' });
export type ImportKind = z.infer<typeof ImportKind>;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ImportFormat = z.enum(IMPORT_FORMATS, { error: 'Filformatet skal være csv eller xlsx' });
export type ImportFormat = z.infer<typeof ImportFormat>;

/**
 * What a file sent to the import may be: a template's format, or (readings only, issue 38, ADR 050) the
 * JSON lines the `wmbusmeters` decoder writes, one telegram a line. A remote meters' CSV is `csv`,
 * known by its heading `REMOTE_CSV_COLUMNS`.
 */
export const IMPORT_FILE_FORMATS = [...IMPORT_FORMATS, 'wmbusmeters'] as const;
export const ImportFileFormat = z.enum(IMPORT_FILE_FORMATS, {
  error: 'Filformatet skal være csv, xlsx eller wmbusmeters',
});
export type ImportFileFormat = z.infer<typeof ImportFileFormat>;

/** The heading of a CSV of remote values (issue 38): one value a row, the point found by the radio id. */
export const REMOTE_CSV_COLUMNS = ['Radio-id', 'Tidspunkt', 'Værdi'] as const;

/** The columns of each kind, in template order (headings are matched ignoring case and spaces around). */
export const IMPORT_COLUMNS = {
  meters: ['Lokation', 'Adresse', 'Måler', 'Serienummer', 'Type', 'Målepunkt', 'Enhed'],
  readings: ['Serienummer', 'Målepunkt', 'Dato', 'Værdi'],
} as const satisfies Record<ImportKind, readonly string[]>;

/**
 * Columns a file may leave out entirely (issue 35, ADR 039: the resident's contact; issue 37, ADR 047: the
 * meter's `Adgang` and `Placering`), after the others in
 * the template. Left out, the stored values stay; present, each cell replaces its value (empty clears it).
 */
export const IMPORT_EXTRA_COLUMNS = {
  meters: ['Beboer', 'Beboer e-mail', 'Beboer telefon', 'Adgang', 'Placering', 'Fjernaflæst', 'Radio-id'],
  readings: [],
} as const satisfies Record<ImportKind, readonly string[]>;

/**
 * Each template's example row, marked in its first cell: the import skips a row whose first column
 * starts with `IMPORT_EXAMPLE_MARK`, so a template filled in below its example imports as it is.
 */
export const IMPORT_EXAMPLE_MARK = 'Eksempel:';
export const IMPORT_EXAMPLE_ROWS = {
  meters: [
    `${IMPORT_EXAMPLE_MARK} Opgang A`,
    'Skolevej 1, 8000 Aarhus C',
    'Lejlighed 1. tv.',
    'Vand',
    'ABC-123456',
    'Volumen',
    'm³',
    'Jens Jensen',
    'jens.jensen@eksempel.dk',
    '+45 12 34 56 78',
    'Nøgle hos viceværten',
    'Kælder, bag trappen',
    'ja',
    '12345678',
  ],
  readings: [`${IMPORT_EXAMPLE_MARK} ABC-123456`, 'Volumen', '01-11-2026', '1.234,5'],
} as const satisfies Record<ImportKind, readonly string[]>;

/** Columns that may be left empty; every other column must have a value in every row. */
export const OPTIONAL_IMPORT_COLUMNS: readonly string[] = ['Adresse'];

/** The largest file accepted (before base64), in bytes. */
export const MAX_IMPORT_FILE_BYTES = 4 * 1024 * 1024;
/** The most data rows in one file. */
export const MAX_IMPORT_ROWS = 20_000;
/**
 * The most an .xlsx may hold unpacked, by its zip directory (ADR 028): a full 20,000-row sheet is a few
 * MB, so this leaves room for styles and other sheets while a zip bomb is refused before inflating.
 */
export const MAX_IMPORT_UNZIPPED_BYTES = 50 * 1024 * 1024;
/** The most entries (parts) an .xlsx may have; Excel writes a dozen or so. */
export const MAX_IMPORT_ZIP_ENTRIES = 1000;

/** Danish names of the meter types in the `Type` column; the codes themselves are accepted too. */
export const DEVICE_TYPE_LABELS = {
  heat: 'Varme',
  water: 'Vand',
  electricity: 'El',
  gas: 'Gas',
  other: 'Andet',
} as const;

export const ImportParams = z.extend(AccountIdParams, { kind: ImportKind });
export type ImportParams = z.infer<typeof ImportParams>;

export const ImportQuery = z.object({
  mode: z._default(z.enum(['dry-run', 'apply'], { error: 'mode skal være dry-run eller apply' }), 'dry-run'),
});
export type ImportQuery = z.infer<typeof ImportQuery>;

/** Body of POST /api/admin/import/{accountId}/{kind}: the file's bytes as base64. */
export const ImportRequest = z.object({
  format: ImportFileFormat,
  data: z
    .base64({ error: 'Filen skal sendes som base64' })
    .check(
      z.maxLength(Math.ceil(MAX_IMPORT_FILE_BYTES / 3) * 4, { error: 'Filen er for stor (højst 4 MB)' }),
    ),
});
export type ImportRequest = z.infer<typeof ImportRequest>;

export const ImportTemplateParams = z.object({ kind: ImportKind });
export const ImportTemplateQuery = z.object({ format: z._default(ImportFormat, 'csv') });

/** A bad row: its line in the file (the heading is line 1), the column when one is to blame, and why. */
export const ImportRowError = z.object({
  line: z.int().check(z.positive()),
  column: z.nullable(z.string()),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

const Count = z.int().check(z.nonnegative());

/**
 * The answer of a dry run and of an apply: each data row is counted once as what it creates, changes
 * or leaves as it is. `applied` is true only when an apply stored the file; a file with any bad row is
 * never applied, and `errors` lists every bad row.
 */
export const ImportResult = z.object({
  kind: ImportKind,
  applied: z.boolean(),
  rows: Count,
  created: Count,
  changed: Count,
  unchanged: Count,
  errors: z.array(ImportRowError),
  message: z.string(),
});
export type ImportResult = z.infer<typeof ImportResult>;

const ROWS = { one: 'række', other: 'rækker' };

export const IMPORT_MESSAGES = {
  fileUnreadable: (format: ImportFileFormat) =>
    format === 'xlsx'
      ? 'Filen kan ikke læses som en Excel-fil (.xlsx)'
      : format === 'wmbusmeters'
        ? 'Filen kan ikke læses som tekst fra wmbusmeters'
        : 'Filen kan ikke læses som CSV',
  onlyReadings: 'En fil fra wmbusmeters kan kun importeres som aflæsninger',
  remoteFlagInvalid: 'Fjernaflæst skal være ja eller nej',
  radioIdWithoutRemote: 'Radio-id kan kun udfyldes, når Fjernaflæst er ja',
  radioIdUnknown: (radioId: string) => `Ingen fjernaflæst måler på kontoen har radio-id ${radioId}`,
  radioIdTwice: (radioId: string) => `Flere fjernaflæste målere på kontoen har radio-id ${radioId}`,
  remoteUnitUnknown: (radioId: string, units: string) =>
    `Måleren med radio-id ${radioId} har intet målepunkt med enheden ${units}`,
  remotePointAmbiguous: (radioId: string) =>
    `Måleren med radio-id ${radioId} har flere målepunkter; send værdierne fra wmbusmeters, som nævner enheden`,
  remoteFaultNote: (fault: string, date: string, radioId: string) =>
    `Fjernaflæsning ${toDanishDate(date)} (radio-id ${radioId}): ${fault}`,
  timestampInvalid:
    'Tidspunkt er ugyldigt (forventet ÅÅÅÅ-MM-DDTTT:MM:SS, evt. med tidszone, eller DD-MM-ÅÅÅÅ TT:MM)',
  noRows: 'Filen har ingen rækker under overskrifterne',
  tooManyRows: `Filen har for mange rækker (højst ${MAX_IMPORT_ROWS.toLocaleString('da-DK')})`,
  unzippedTooLarge: `Excel-filen fylder for meget, når den pakkes ud (højst ${MAX_IMPORT_UNZIPPED_BYTES / 1024 / 1024} MB)`,
  tooManyZipEntries: `Excel-filen består af for mange dele (højst ${MAX_IMPORT_ZIP_ENTRIES.toLocaleString('da-DK')})`,
  fileTooHeavy: 'Filen kunne ikke læses færdig i tide; del den op i mindre filer',
  busy: 'Der kører allerede en import. Prøv igen om lidt.',
  columnMissing: (column: string) => `Kolonnen "${column}" mangler i overskriftsrækken`,
  required: (column: string) => `${column} skal udfyldes`,
  tooLong: (column: string, max: number) => `${column} må højst være ${max} tegn`,
  controlCharacters: (column: string) => `${column} må ikke indeholde styretegn`,
  typeInvalid: `Type skal være ${Object.values(DEVICE_TYPE_LABELS).slice(0, -1).join(', ')} eller ${DEVICE_TYPE_LABELS.other}`,
  meterElsewhere: (serial: string, location: string) =>
    `Måleren med serienummer ${serial} står på lokationen "${location}"; flyt den ikke med en import`,
  serialInOtherAccount: (serial: string) =>
    `Serienummeret ${serial} bruges allerede af en måler på en anden konto hos kunden`,
  meterDiffers: (serial: string, line: number) =>
    `Måleren med serienummer ${serial} står anderledes (lokation, navn, type eller beboer) i linje ${line}`,
  residentNameInvalid: `Beboer må højst være ${MAX_RESIDENT_NAME_LENGTH} tegn og ingen styretegn indeholde`,
  residentEmailInvalid: 'Beboer e-mail er ikke en gyldig e-mailadresse',
  residentPhoneInvalid: `Beboer telefon må kun indeholde cifre, mellemrum og +, højst ${MAX_RESIDENT_PHONE_LENGTH} tegn`,
  pointTwice: (line: number) => `Samme måler og målepunkt står også i linje ${line}`,
  meterUnknown: (serial: string) => `Ingen måler på kontoen har serienummeret ${serial}`,
  meterReplaced: (changedOn: string) =>
    `Måleren er udskiftet ${toDanishDate(changedOn)} og kan ikke få aflæsninger`,
  meterOutOfService: (retiredOn: string) =>
    `Måleren er taget ud af drift ${toDanishDate(retiredOn)} og kan ikke få aflæsninger`,
  beforeMeterChange: (changedOn: string) =>
    `Dato må ikke være før målerskiftet ${toDanishDate(changedOn)}; aflæsninger før da hører til den gamle måler`,
  retiredMeterUnchangeable: (serial: string, retiredOn: string) =>
    `Måleren med serienummer ${serial} er udskiftet eller taget ud af drift ${toDanishDate(retiredOn)} og kan ikke ændres`,
  pointUnknown: (point: string, serial: string) =>
    `Måleren med serienummer ${serial} har intet målepunkt, der hedder "${point}"`,
  dateInvalid: 'Dato er ugyldig (forventet DD-MM-ÅÅÅÅ eller ÅÅÅÅ-MM-DD)',
  dateTooEarly: `Dato må ikke være før ${toDanishDate(MIN_READING_DATE)}`,
  dateInFuture: 'Dato må ikke være efter dags dato',
  readingTwice: (line: number) => `Samme målepunkt og dato står med en anden værdi i linje ${line}`,
  checked: (rows: number, bad: number) =>
    bad === 0
      ? `Filen er kontrolleret: ${counted(rows, ROWS)} uden fejl`
      : `Filen har fejl i ${counted(bad, ROWS)}; intet er importeret`,
  applied: (rows: number) => `Importeret: ${counted(rows, ROWS)}`,
} as const;
