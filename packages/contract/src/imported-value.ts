import { MAX_READING_FRACTION_DIGITS, MAX_READING_INTEGER_DIGITS } from './constants.ts';
import { normalizeReadingValue } from './rules.ts';

// A reading value in an import file (issue 33): Danish Excel writes `1.234,5` where the form takes
// `1234,5`, so a file may carry dots between thousands. Each way a value can be wrong has its own
// Danish message, so the office can mend the cell.

export const IMPORTED_VALUE_MESSAGES = {
  notANumber: 'Værdi skal være et tal, fx 1234,5 eller 1.234,5',
  negative: 'Værdi må ikke være negativ',
  integerDigits: `Værdi har for mange cifre før decimaltegnet (højst ${MAX_READING_INTEGER_DIGITS})`,
  fractionDigits: `Værdi har for mange cifre efter decimaltegnet (højst ${MAX_READING_FRACTION_DIGITS})`,
  thousandsGroups: 'Punktum mellem tusinder skal stå foran grupper på præcis tre cifre, fx 1.234,5',
} as const;

export type ImportedValue = { value: string } | { error: string };

/** Digits in groups of three after the first, joined by dots: `1.234` or `12.345.678`. */
const DOTTED_THOUSANDS = /^\d{1,3}(?:\.\d{3})+$/;

/**
 * The canonical value of a cell, or what is wrong with it. Dots are thousands separators when the
 * value also has a decimal comma (`1.234,5`) or when there are several (`1.234.567`); a single dot
 * without a comma stays a decimal point (`22729.5`), as the form and the contract read it.
 */
export function parseImportedValue(text: string): ImportedValue {
  const commas = text.split(',').length - 1;
  const dots = text.split('.').length - 1;
  let plain = text;
  if (dots > 0 && (commas === 1 || dots > 1)) {
    const [integer = '', ...fraction] = text.split(',');
    if (!DOTTED_THOUSANDS.test(integer)) {
      return {
        error: /^[\d.]+$/.test(integer)
          ? IMPORTED_VALUE_MESSAGES.thousandsGroups
          : IMPORTED_VALUE_MESSAGES.notANumber,
      };
    }
    plain = [integer.replaceAll('.', ''), ...fraction].join(',');
  }
  const value = normalizeReadingValue(plain);
  if (value !== null) return { value };
  return { error: whatIsWrong(plain) };
}

function whatIsWrong(plain: string): string {
  if (/^-\s*\d/.test(plain)) return IMPORTED_VALUE_MESSAGES.negative;
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(plain);
  if (!match) return IMPORTED_VALUE_MESSAGES.notANumber;
  if ((match[1] ?? '').length > MAX_READING_INTEGER_DIGITS) return IMPORTED_VALUE_MESSAGES.integerDigits;
  return IMPORTED_VALUE_MESSAGES.fractionDigits;
}
