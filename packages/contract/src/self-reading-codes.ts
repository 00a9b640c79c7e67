import {
  SELF_READING_CODE_ALPHABET,
  SELF_READING_CODE_GROUP,
  SELF_READING_CODE_LENGTH,
} from './constants.ts';

// A self-reading link's short code (issue 35, ADR 043): what a resident types from a printed letter
// instead of scanning its QR code. The page and the server read it the same way.

const CODE = new RegExp(`^[${SELF_READING_CODE_ALPHABET}]{${SELF_READING_CODE_LENGTH}}$`);

/**
 * The code as typed, made canonical: upper case, without spaces and dashes; null when it cannot be a
 * code (a wrong length or a character outside the alphabet).
 */
export function normalizeSelfReadingCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return CODE.test(code) ? code : null;
}

/** The code in groups of four for reading aloud and typing: `ABCD-EFGH-JK`. */
export function formatSelfReadingCode(code: string): string {
  const groups: string[] = [];
  for (let at = 0; at < code.length; at += SELF_READING_CODE_GROUP) {
    groups.push(code.slice(at, at + SELF_READING_CODE_GROUP));
  }
  return groups.join('-');
}
