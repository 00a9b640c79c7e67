import { IMPORT_COLUMNS, IMPORT_EXTRA_COLUMNS, type ImportKind } from '@maaler/contract';

/** Danish texts of 'Importér' (issue 18, ADR 018). */
export const importMessages = {
  heading: 'Importér',
  intro:
    'Opret og ret lokationer, målere og målepunkter, eller indlæs aflæsninger, fra en CSV- eller Excel-fil. Filen kontrolleres først; intet gemmes, før du trykker Importér, og en fil med fejl importeres slet ikke.',
  kind: 'Hvad vil du importere?',
  kinds: { meters: 'Lokationer, målere og målepunkter', readings: 'Aflæsninger' } satisfies Record<
    ImportKind,
    string
  >,
  columns: (kind: ImportKind): string => {
    const extras: readonly string[] = IMPORT_EXTRA_COLUMNS[kind];
    const optional = extras.length > 0 ? ` Kan udelades: ${extras.join(', ')}.` : '';
    return `Kolonner: ${IMPORT_COLUMNS[kind].join(', ')}.${optional}`;
  },
  hints: {
    meters:
      'Én række pr. målepunkt. Måleren findes på serienummeret; Type er Varme, Vand, El, Gas eller Andet; Adresse må være tom. En tom celle under Beboer, Beboer e-mail eller Beboer telefon sletter beboerens oplysning, og en tom celle under Adgang eller Placering sletter målerens.',
    readings:
      'Dato som DD-MM-ÅÅÅÅ eller ÅÅÅÅ-MM-DD, værdi med komma eller punktum som decimaltegn. Fjernaflæste målere: en fil fra wmbusmeters (.json, én linje pr. telegram) eller en CSV med kolonnerne Radio-id, Tidspunkt, Værdi.',
  } satisfies Record<ImportKind, string>,
  templateCsv: 'Hent skabelon (CSV)',
  templateExcel: 'Hent skabelon (Excel)',
  file: 'Fil (CSV, Excel .xlsx eller wmbusmeters .json)',
  chooseFile: 'Vælg fil',
  noFile: 'Ingen fil valgt',
  check: 'Kontrollér fil',
  checking: 'Kontrollerer...',
  apply: 'Importér',
  applying: 'Importerer...',
  applyHint: 'Importér kan bruges, når filen er kontrolleret uden fejl.',
  counts: (created: number, changed: number, unchanged: number, applied: boolean): string =>
    applied
      ? `Oprettet: ${created}. Ændret: ${changed}. Uændret: ${unchanged}.`
      : `Oprettes: ${created}. Ændres: ${changed}. Uændret: ${unchanged}.`,
  errorsTable: 'Rækker med fejl',
  line: 'Linje',
  column: 'Kolonne',
  reason: 'Fejl',
  errorReport: 'Hent fejlrapport',
  failed: (message: string): string => `Filen kunne ikke sendes. Meddelelse: ${message}`,
  templateFailed: (message: string): string => `Skabelonen kunne ikke hentes. Meddelelse: ${message}`,
} as const;
