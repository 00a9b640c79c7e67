import { createHash, randomInt } from 'node:crypto';
import {
  normalizeSelfReadingCode,
  SELF_READING_CODE_ALPHABET,
  SELF_READING_CODE_LENGTH,
} from '@maaler/contract';

// The short code a printed letter carries beside its QR code (ADR 043): 10 characters of a 32-letter
// alphabet, 50 random bits. Only its SHA-256 is stored; guessing is held back by the public calls'
// throttle per client address, the same as for the link's token.

/** A new code, each character drawn uniformly from the alphabet by the system's CSPRNG. */
export function newSelfReadingCode(): string {
  let code = '';
  for (let i = 0; i < SELF_READING_CODE_LENGTH; i += 1) {
    code += SELF_READING_CODE_ALPHABET[randomInt(SELF_READING_CODE_ALPHABET.length)];
  }
  return code;
}

export const hashSelfReadingCode = (code: string): string => createHash('sha256').update(code).digest('hex');

/** The stored hash a typed code stands for, or null when it cannot be a code. */
export function codeHashOf(typed: string): string | null {
  const code = normalizeSelfReadingCode(typed);
  return code === null ? null : hashSelfReadingCode(code);
}
