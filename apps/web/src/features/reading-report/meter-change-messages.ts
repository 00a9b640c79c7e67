import { readingReportMessages } from './messages';

/** Danish texts of the meter change dialog (`Målerskift`, ADR 019), loaded with the dialog. */
export const meterChangeDialogMessages = {
  title: 'Målerskift',
  intro: (meter: string): string =>
    `Den gamle måler på ${meter} tages ud af brug; den nye overtager dens plads i ruten og dens historik.`,
  oldMeter: 'Gammel måler',
  newMeter: 'Ny måler',
  finalReading: (point: string, unit: string | undefined): string =>
    `Slutaflæsning ${readingReportMessages.measurementLabel(point, unit)}`,
  serialNumber: 'Serienummer',
  startReading: (point: string, unit: string | undefined): string =>
    `Startaflæsning ${readingReportMessages.measurementLabel(point, unit)}`,
  dateRequired: 'Vælg datoen for målerskiftet',
  finalRequired: (point: string): string => `Skriv slutaflæsningen for ${point}`,
  startRequired: (point: string): string => `Skriv startaflæsningen for ${point}`,
  valueInvalid: 'Skriv et tal, fx 1234,5',
  serialRequired: 'Skriv den nye målers serienummer',
  save: 'Gem målerskift',
  cancel: 'Annuller',
} as const;
