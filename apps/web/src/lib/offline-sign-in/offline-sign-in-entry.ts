import type { GuaranteedAccountList, GuaranteedClaims } from '@maaler/contract';
import type { PasswordLock } from './password-lock';

/**
 * What the device keeps for an offline sign-in (ADR 034): who, the profile to open, the password's
 * verifier and the encrypted device credential with its end. Never the password, never a token.
 */
export type OfflineSignInEntry = {
  email: string;
  claims: GuaranteedClaims;
  /** The accounts the online sign-in loaded, so /home can open on the device copies. */
  accounts: GuaranteedAccountList | null;
  lock: PasswordLock;
  /** The credential's end (the session's absolute end), ISO 8601. */
  expires: string;
};

/** The entry of `email` (any case) while its credential has not expired, else undefined. */
export function usableEntry(
  entry: OfflineSignInEntry | undefined,
  email: string,
  nowMs: number = Date.now(),
): OfflineSignInEntry | undefined {
  if (!entry || entry.email.toLowerCase() !== email.trim().toLowerCase()) return undefined;
  const expiresMs = Date.parse(entry.expires);
  return Number.isFinite(expiresMs) && expiresMs > nowMs ? entry : undefined;
}
