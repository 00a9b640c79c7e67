import { normalizeSelfReadingCode, SELF_READING_CODE_ALPHABET } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import {
  codeHashOf,
  hashSelfReadingCode,
  newSelfReadingCode,
} from '../../../src/services/selfreading/short-codes.ts';

// ADR 043: a new code is 10 characters drawn from the whole alphabet; a typed code finds its hash.
describe('newSelfReadingCode', () => {
  it('draws canonical codes that use every character of the alphabet', () => {
    const codes = Array.from({ length: 400 }, newSelfReadingCode);
    for (const code of codes) expect(normalizeSelfReadingCode(code)).toBe(code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join(''))).toEqual(new Set(SELF_READING_CODE_ALPHABET));
  });

  it('finds the stored hash from the code as typed, and nothing from a token', () => {
    const code = newSelfReadingCode();
    const typed = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`.toLowerCase();
    expect(codeHashOf(typed)).toBe(hashSelfReadingCode(code));
    expect(codeHashOf('x'.repeat(43))).toBeNull();
  });
});
