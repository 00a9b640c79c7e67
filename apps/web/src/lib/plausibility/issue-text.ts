import { type PlausibilityIssue, toDanishDate } from '@maaler/contract';
import { formatDanishDecimal, formatDanishRate } from '../numbers/danish-number';

// The Danish texts of the contract's plausibility issues: the reading screen warns with them before
// a save, and the administration's review list shows them for readings sent anyway.

/** A server need not send units (ADR 012): without one, no unit is shown. */
function unitSuffix(unit: string | undefined): string {
  return unit ? ` ${unit}` : '';
}

export const plausibilityMessages = {
  backwards: (value: string, date: string): string =>
    `Værdien er lavere end sidste måling (${value} den ${date}). En måler bør ikke tælle baglæns.`,
  dateBeforeLast: (value: string, date: string): string =>
    `Datoen er før sidste måling (${value} den ${date}). En ny måling bør have en dato efter ${date}.`,
  /** Rates are formatted; `unit` may be empty or absent. */
  consumptionHigh: (perDay: string, low: string, high: string, unit: string | undefined): string =>
    `Forbruget er usædvanligt højt: det svarer til ${perDay}${unitSuffix(unit)} pr. dag; normalt ${low}–${high}${unitSuffix(unit)} pr. dag.`,
  consumptionLow: (perDay: string, low: string, high: string, unit: string | undefined): string =>
    `Forbruget er usædvanligt lavt: det svarer til ${perDay}${unitSuffix(unit)} pr. dag; normalt ${low}–${high}${unitSuffix(unit)} pr. dag.`,
} as const;

/** The Danish text of one issue; rates are shown in the point's unit. */
export function issueText(issue: PlausibilityIssue, unit: string | undefined): string {
  switch (issue.kind) {
    case 'backwards':
      return plausibilityMessages.backwards(
        formatDanishDecimal(issue.previous.value),
        toDanishDate(issue.previous.date),
      );
    case 'date-before-last':
      return plausibilityMessages.dateBeforeLast(
        formatDanishDecimal(issue.last.value),
        toDanishDate(issue.last.date),
      );
    case 'consumption-high':
      return plausibilityMessages.consumptionHigh(
        formatDanishRate(issue.perDay),
        formatDanishRate(issue.low),
        formatDanishRate(issue.high),
        unit,
      );
    case 'consumption-low':
      return plausibilityMessages.consumptionLow(
        formatDanishRate(issue.perDay),
        formatDanishRate(issue.low),
        formatDanishRate(issue.high),
        unit,
      );
  }
}
