import {
  METER_CHANGE_TEXTS,
  READING_REASON_LABELS,
  READING_SOURCE_LABELS,
  ROLLOVER_LABEL,
} from '@maaler/contract';

/** Danish texts of the meter history's dialog ('Historik'); the button's are in button-messages.ts. */
export const readingHistoryMessages = {
  title: (meter: string): string => `Historik for ${meter}`,
  empty: 'Ingen målinger endnu',
  failed: (message: string): string => `Der er desværre opstået en fejl. Meddelelse: ${message}`,
  retry: 'Prøv igen',
  downloadCsv: 'Hent CSV',
  /** Loads the dates before those shown (ADR 053). */
  showOlder: 'Vis ældre',

  withUnit: (label: string, unit: string): string => (unit ? `${label} (${unit})` : label),
  caption: (point: string): string => `Målinger for ${point}, nyeste først`,
  tableRegion: (point: string): string => `Tabel over målinger for ${point}`,
  date: 'Dato',
  value: 'Værdi',
  consumption: 'Forbrug',
  perDay: 'Forbrug pr. dag',
  registeredBy: 'Registreret af',
  registeredAt: 'Registreret',
  noConsumption: '–',
  noConsumptionLabel: 'Ingen tidligere måling',
  corrected: 'Rettet',
  /** All parts formatted. */
  correction: (oldValue: string, newValue: string, by: string, at: string): string =>
    `Rettet fra ${oldValue} til ${newValue} af ${by} ${at}`,
  confirmed: 'Bekræftet trods advarsel',
  /** Formatted `DD-MM-YYYY HH:MM`: when an offline reading was typed on the device. */
  enteredAt: (at: string): string => `Indtastet ${at}`,

  /** Formatted values: the row of a meter change (ADR 019). */
  meterChange: (oldSerial: string, newSerial: string, finalValue: string, startValue: string): string =>
    `${METER_CHANGE_TEXTS.serials(oldSerial, newSerial)} · ${METER_CHANGE_TEXTS.finalReading} ${finalValue} · ${METER_CHANGE_TEXTS.startReading} ${startValue}`,
  /** Formatted parts: a `Kontrol` reading compared with this reading (ADR 049); `difference` signed. */
  control: (date: string, value: string, difference: string, by: string): string =>
    `${READING_REASON_LABELS.control} ${date}: ${value} (${difference} i forhold til denne aflæsning) af ${by}`,
  meterChangeBar: (date: string): string => `${METER_CHANGE_TEXTS.label} ${date}`,
  /** A bar that ends at an estimate (ADR 021). */
  estimateBar: (date: string): string => `${READING_SOURCE_LABELS.estimate} ${date}`,

  byMonth: 'Forbrug pr. måned',
  byMonthCaption: (point: string): string => `Forbrug pr. måned for ${point}, nyeste først`,
  byMonthNote: 'Forbruget mellem to målinger er fordelt ligeligt på dagene imellem.',
  month: 'Måned',

  chartCaption: (unit: string): string => (unit ? `Forbrug pr. dag (${unit})` : 'Forbrug pr. dag'),
  /** Rates formatted with their unit. */
  chartSummary: (point: string, from: string, to: string, lowest: string, highest: string): string =>
    `Søjlediagram over forbrug pr. dag for ${point} fra ${from} til ${to}: lavest ${lowest}, højest ${highest}. Alle tal står i tabellen herunder.`,
  chartAverage: (average: string): string => `Stiplet linje: gennemsnit ${average} pr. dag`,
  chartBar: (date: string, perDay: string): string => `${date}: ${perDay} pr. dag`,
  tooFewForChart: 'Forbruget kan vises, når der er mindst to målinger.',
  rateWithUnit: (rate: string, unit: string): string => (unit ? `${rate} ${unit}` : rate),

  csvColumns: [
    'Målepunkt',
    'Enhed',
    'Dato',
    'Værdi',
    'Forbrug',
    'Forbrug pr. dag',
    'Registreret af',
    'Registreret',
  ],
  csvCorrectedColumn: 'Rettet',
  csvConfirmedColumn: 'Bekræftet trods advarsel',
  csvSourceColumns: ['Kilde', 'Indtastet'],
  csvMeterChangeColumn: METER_CHANGE_TEXTS.label,
  csvReasonColumns: ['Årsag', ROLLOVER_LABEL],
  csvCorrection: (oldValue: string, by: string, at: string): string => `fra ${oldValue} af ${by} ${at}`,
  csvYes: 'Ja',
  csvFileName: (meter: string, today: string): string => `historik-${meter}-${today}.csv`,
} as const;
