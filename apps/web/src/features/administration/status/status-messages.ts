import {
  counted,
  ESTIMATE_TEXTS,
  MESSAGES,
  READING_REASON_LABELS,
  type ReadingReason,
} from '@maaler/contract';

/** Danish texts of 'Status for perioden'. */
export const statusMessages = {
  heading: 'Status for perioden',
  readingPeriod: 'Aflæsningsperiode',
  readingPeriods: { monthly: 'Månedlig', quarterly: 'Kvartalsvis', yearly: 'Årlig' },
  readingPeriodSaved: 'Aflæsningsperioden er gemt',
  /** The account setting of issue 36. */
  photoRequired: 'Foto påkrævet',
  photoRequiredHint: 'Teknikere skal tage et foto af måleren for at sende en måling.',
  photoRequiredSaved: 'Indstillingen er gemt',
  photoRequiredFailed: (message: string): string => `Indstillingen kunne ikke gemmes. Meddelelse: ${message}`,
  readingPeriodFailed: (message: string): string =>
    `Aflæsningsperioden kunne ikke gemmes. Meddelelse: ${message}`,
  estimatesInARow: 'Estimater i træk',
  estimatesInARowHelp:
    'Så mange perioder i træk kan et målepunkt estimeres; derefter skal det aflæses af personale.',
  estimatesInARowSaved: 'Antallet af estimater i træk er gemt',
  estimatesInARowFailed: (message: string): string =>
    `Antallet af estimater i træk kunne ikke gemmes. Meddelelse: ${message}`,
  /** Issue 38 (ADR 050): the account setting `controlTolerancePercent`. */
  controlTolerance: 'Tolerance for kontrolaflæsning (%)',
  controlTolerancePlaceholder: '0,5',
  controlToleranceHint:
    'Så meget må en kontrolaflæsning på en fjernaflæst måler afvige fra dagens fjernaflæste værdi, før den kommer til kontrol (dog mindst én enhed på sidste ciffer). Tomt felt: 0,5 %.',
  controlToleranceSave: 'Gem tolerance',
  controlToleranceSaved: 'Tolerancen er gemt',
  controlToleranceInvalid: MESSAGES.controlToleranceInvalid,
  controlToleranceFailed: (message: string): string => `Tolerancen kunne ikke gemmes. Meddelelse: ${message}`,
  staffReadingNeeded: ESTIMATE_TEXTS.staffReadingNeeded,
  read: 'Aflæst',
  missing: 'Mangler',
  skipped: 'Sprunget over',
  estimated: 'Estimeret',
  progress: (read: number, total: number): string =>
    `${read} af ${counted(total, { one: 'målepunkt', other: 'målepunkter' })} aflæst`,
  reasonsHeading: 'Årsager til spring over',
  /** Issue 37 (ADR 049): the reasons of the period's readings, counted, and those not `Periodisk`. */
  readingReasonsHeading: 'Årsager til aflæsninger',
  readingReason: (reason: ReadingReason): string => READING_REASON_LABELS[reason],
  /** Formatted date `DD-MM-YYYY`. */
  reasonedReading: (place: string, reason: ReadingReason, date: string): string =>
    `${place}: ${READING_REASON_LABELS[reason]} ${date}`,
  perLocationHeading: 'Pr. lokation',
  locationBar: (name: string, read: number, total: number): string => `${name}: ${read} af ${total} aflæst`,
  missingHeading: 'Mangler aflæsning',
  noneMissing: 'Alle målepunkter er aflæst i perioden.',
  missingPages: 'Sider med manglende aflæsninger',
  location: 'Lokation',
  meter: 'Måler',
  serial: 'Serienummer',
  point: 'Målepunkt',
  lastReading: 'Seneste aflæsning',
  noReading: 'Ingen',
} as const;
