import { MESSAGES } from '@maaler/contract';

/**
 * Danish texts of route mode's 'Find måler' and 'Spring over' dialogs (issue 17), loaded with the
 * dialogs rather than on the home screen's first load; the buttons' texts are in messages.ts.
 */
export const routeDialogMessages = {
  /** `Tildel aflæser` (ADR 048): the route's meters assigned to this reader, or all of them. */
  whoseMeters: 'Vis målere',
  mine: 'Mine',
  all: 'Alle',
  assignedToOther: 'Anden aflæser',
  findTitle: 'Find måler',
  serial: 'Serienummer',
  serialHint: 'Står på målerens mærkat.',
  search: 'Søg',
  searching: 'Søger...',
  serialMissing: MESSAGES.serialInvalid,
  scan: 'Scan stregkode',
  stopScan: 'Stop scanning',
  cameraView: 'Kamerabillede',
  scanHint: 'Hold stregkoden eller QR-koden på målerens mærkat foran kameraet.',
  cameraProblems: {
    refused: 'Appen fik ikke lov at bruge kameraet. Skriv serienummeret i stedet.',
    noCamera: 'Der er intet kamera på denne enhed. Skriv serienummeret i stedet.',
    failed: 'Kameraet kunne ikke bruges. Skriv serienummeret i stedet.',
  },

  skip: 'Spring over',
  skipTitle: 'Spring over',
  skipIntro: (meter: string): string => `Hvorfor bliver ${meter} ikke aflæst?`,
  reason: 'Årsag',
  reasonRequired: 'Vælg en årsag',
  note: 'Bemærkning',
  noteRequired: MESSAGES.skipNoteRequired,
  /** Issue 37: the office gets a task (`Opgave`) about the meter. */
  followUp: 'Kræver opfølgning',
  cancel: 'Annuller',
} as const;
