import { type MyDataReading, READING_SOURCE_LABELS, toDanishDate, toWireValue } from '@maaler/contract';
import { danishCsv, danishTimestamp, guardFormula } from './export-files.ts';

// `Mine data`'s readings as a file for Danish Excel, by the billing export's conventions (ADR 016):
// `;` between fields, decimal comma, dates DD-MM-YYYY, times in Copenhagen, UTF-8 with BOM.

export const MY_READINGS_HEADINGS = [
  'Konto',
  'Lokation',
  'Måler',
  'Serienummer',
  'Målepunkt',
  'Enhed',
  'Dato',
  'Værdi',
  'Kilde',
  'Indtastet',
  'Registreret af dig',
  'Registreret',
  'Godkendt af dig',
] as const;

const yesNo = (flag: boolean): string => (flag ? 'Ja' : 'Nej');

function cells(reading: MyDataReading): string[] {
  return [
    guardFormula(reading.account),
    guardFormula(reading.location),
    guardFormula(reading.meter),
    guardFormula(reading.serial),
    guardFormula(reading.point),
    guardFormula(reading.unit),
    toDanishDate(reading.date),
    toWireValue(reading.value),
    READING_SOURCE_LABELS[reading.source],
    reading.enteredAt === null ? '' : danishTimestamp(reading.enteredAt),
    yesNo(reading.registeredByYou),
    danishTimestamp(reading.registeredAt),
    reading.approvedByYouAt === null ? '' : danishTimestamp(reading.approvedByYouAt),
  ];
}

export const myReadingsCsv = (readings: readonly MyDataReading[]): Buffer =>
  danishCsv(MY_READINGS_HEADINGS, readings.map(cells));
