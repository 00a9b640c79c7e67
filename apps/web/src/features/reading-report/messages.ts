import { MESSAGES, MIN_READING_DATE, toDanishDate } from '@maaler/contract';

/** Danish texts of the reading-report screen ('Indberet måling'). */
export const readingReportMessages = {
  heading: 'Indberet måling',

  account: 'Vælg konto',
  location: 'Vælg lokation',
  meter: 'Vælg måler',
  noLocations: 'Der er ingen lokationer på denne konto.',
  noMeters: 'Der er ingen målere på denne lokation.',
  noMeasurementPoints: 'Måleren har ingen målepunkter.',
  /** Under a meter's name wherever a reader picks or checks one (issue 33): the label's number. */
  serial: (serial: string): string => `Serienr. ${serial}`,
  /** Route mode's one-line cascade: location · meter · date (DD-MM-YYYY); a tap shows the choices. */
  cascadeSummary: (location: string, meter: string, date: string): string =>
    [location, meter, date].filter(Boolean).join(' · '),

  date: 'Dato',
  dateFormatHint: 'DD-MM-ÅÅÅÅ',
  chooseDate: 'Vælg dato',
  calendarTitle: 'Vælg dato',
  calendarLoading: 'Henter kalender...',

  measurementLabel: (name: string, unit: string | undefined): string => (unit ? `${name} (${unit})` : name),
  measurementPlaceholder: (name: string): string => `Indtast måling for ${name}`,
  lastReading: (value: string, formattedDate: string, estimated = false): string =>
    `Sidste indberettet måling: ${value} (${formattedDate}${estimated ? ', Estimeret' : ''})`,

  accountRequired: 'Konto skal vælges',
  locationRequired: 'Lokation skal vælges',
  meterRequired: 'Måler skal vælges',
  dateRequired: MESSAGES.dateRequired,
  dateOutOfRange: `Vælg en dato fra ${toDanishDate(MIN_READING_DATE)} til i dag`,
  dateBeforeInstallation: (installedOn: string): string =>
    `Datoen må ikke være før målerens opsætning ${toDanishDate(installedOn)}`,
  /** The typed value is the register going round since the reading before (ADR 046). */
  rollover: 'Tælleværket er gået rundt',
  moreChoices: 'Flere valg',
  reason: 'Årsag',
  valueRequired: MESSAGES.readingValueRequired,
  valueNotANumber: 'Indtast et tal, fx 1234,5',
  valueTooLong: MESSAGES.readingValueInvalid,

  send: 'SEND',
  sending: 'SENDER...',
  history: 'Historik',

  plausibilityHeading: 'Kontrollér målingerne',
  plausibilityIntro: 'Disse værdier ser usædvanlige ud. Ret dem, eller send alligevel, hvis de er rigtige.',
  sendAnyway: 'Send alligevel',
  plausibilityPoint: (name: string, text: string): string => `${name}: ${text}`,
  /** `value` and `date` are formatted (1.234,5 and DD-MM-YYYY). */
  saved: 'Måling er nu registreret',
  keptOnDevice: 'Målingen er gemt på enheden og sendes automatisk',
  storageRefused:
    'Målingen kunne ikke gemmes på enheden, fordi browseren ikke tillader det (fx privat browsing eller fuld hukommelse). Send den igen, når der er forbindelse.',
  rejected: (validationError: string): string => `Fejl: ${validationError}`,
  failed: (message: string): string => `Der er desværre opstået en fejl. Meddelelse: ${message}`,
  retry: 'Prøv igen',
} as const;

/**
 * Danish texts of route mode (issue 17); the texts exactly. Those of the 'Find måler' and
 * 'Spring over' dialogs are in route-dialog-messages.ts, loaded with the dialogs.
 */
export const routeMessages = {
  route: 'Rute',
  routeTitle: 'Rute',
  progress: (read: number, total: number): string => `${read} af ${total} aflæst`,
  onlyMissing: 'Kun manglende',
  loading: 'Henter rute...',
  allRead: 'Alle målere på ruten er aflæst.',
  noneMissing: 'Der mangler ingen målere.',
  nextMeter: (name: string): string => `Næste måler: ${name}`,
  meterChosen: (name: string): string => `Valgt måler: ${name}`,
  expected: (min: string, max: string): string => `Forventet: ${min} – ${max}`,

  findMeter: 'Find måler',
  notFound: (serial: string): string => `Der er ingen måler med serienummeret ${serial} på denne konto.`,
  findFailed: (message: string): string => `Måleren kunne ikke findes. Meddelelse: ${message}`,

  skip: 'Spring over',
  /** `linkSent`: after `Ingen adgang` the server sent the resident the self-reading link (ADR 044). */
  skipped: (meter: string, linkSent?: boolean): string =>
    `${meter} er sprunget over${linkSent ? '. Link sendt til beboeren' : ''}`,
  skipFailed: (message: string): string => `Måleren kunne ikke springes over. Meddelelse: ${message}`,
  skippedOnDevice: (meter: string): string =>
    `${meter} er sprunget over. Årsagen sendes, når der er forbindelse.`,
  skipNotKept: 'Der er ingen forbindelse, og enheden kunne ikke gemme årsagen. Prøv igen.',
} as const;

/** Danish texts of the meter change's button (`Målerskift`, ADR 019); the dialog's are in its own file. */
export const meterChangeMessages = {
  open: 'Målerskift',
  openFor: (meter: string): string => `Målerskift: ${meter}`,
  loading: 'Henter...',
  changed: (meter: string, serial: string): string => `Målerskift gemt: ${meter} har nu måler ${serial}.`,
  failed: (reason: string): string => `Målerskiftet blev ikke gemt. ${reason}`,
} as const;
