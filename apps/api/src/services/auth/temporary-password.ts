import { randomInt } from 'node:crypto';
import { isValidPassword } from '@maaler/contract';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** 14 characters of a 57-letter alphabet: about 82 bits, and none of the look-alikes 0/O, 1/l/I. */
const LENGTH = 14;

/** A random password that satisfies the password rule, for an administrator or operator to hand over. */
export function generateTemporaryPassword(): string {
  let password = '';
  for (let i = 0; i < LENGTH; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  if (!isValidPassword(password)) throw new Error('temporary password alphabet breaks the password rule');
  return password;
}
