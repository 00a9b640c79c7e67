import { createHash, randomBytes } from 'node:crypto';
import { SELF_READING_PATH } from '@maaler/contract';

/** 256 random bits, base64url, as the password links (ADR 037); only its SHA-256 is stored. */
const TOKEN_BYTES = 32;

export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A fresh token and the hash that is stored for it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** The page's address with the token in its fragment, which no server log or Referer header sees. */
export const linkUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}${SELF_READING_PATH}#${token}`;
