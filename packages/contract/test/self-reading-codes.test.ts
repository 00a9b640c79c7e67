import { describe, expect, it } from 'vitest';
import {
  formatSelfReadingCode,
  normalizeSelfReadingCode,
  SELF_READING_CODE_ALPHABET,
  SELF_READING_CODE_LENGTH,
} from '../src/index.ts';

// ADR 043: the short code a resident types from a letter.
describe('self-reading short codes', () => {
  it('carry at least 50 bits in an alphabet without look-alikes', () => {
    expect(new Set(SELF_READING_CODE_ALPHABET).size).toBe(SELF_READING_CODE_ALPHABET.length);
    expect(SELF_READING_CODE_LENGTH * Math.log2(SELF_READING_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(
      50,
    );
    for (const lookAlike of ['0', 'O', '1', 'I']) expect(SELF_READING_CODE_ALPHABET).not.toContain(lookAlike);
  });

  it('are shown in groups of four and read back however they are typed', () => {
    expect(formatSelfReadingCode('ABCDEFGHJK')).toBe('ABCD-EFGH-JK');
    expect(normalizeSelfReadingCode('abcd-efgh-jk')).toBe('ABCDEFGHJK');
    expect(normalizeSelfReadingCode(' ABCD EFGH JK ')).toBe('ABCDEFGHJK');
  });

  it('refuse what cannot be a code', () => {
    expect(normalizeSelfReadingCode('ABCD-EFGH-J')).toBeNull();
    expect(normalizeSelfReadingCode('ABCD-EFGH-JKL')).toBeNull();
    expect(normalizeSelfReadingCode('ABCD-EFGH-J0')).toBeNull();
    // A link's 43-character token is never read as a code.
    expect(normalizeSelfReadingCode('q'.repeat(43))).toBeNull();
  });
});
