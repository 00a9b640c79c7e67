import { describe, expect, it } from 'vitest';
import {
  decryptCredential,
  lockCredential,
  OFFLINE_SIGN_IN_PBKDF2_ITERATIONS,
  type PasswordLock,
  unlockKey,
} from '@/lib/offline-sign-in/password-lock';

// Few iterations keep these checks fast; the iteration count is a parameter of the same code.
const FAST = 1000;
const PASSWORD = 'Korrekt-Hest-42';
const CREDENTIAL = '8f0e2b52-6a71-4f3e-9d43-2f1f1e0c9a11.c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I';

/** Every text the stored object holds, decoded from base64 too, for a scan for the password. */
function storedTexts(lock: PasswordLock): string[] {
  return Object.values(lock).flatMap((value) => {
    const text = String(value);
    try {
      return [text, atob(text)];
    } catch {
      return [text];
    }
  });
}

describe('the offline sign-in lock (ADR 034)', () => {
  it('unlocks with the password and gives the credential back', async () => {
    const lock = await lockCredential(PASSWORD, CREDENTIAL, FAST);
    const key = await unlockKey(lock, PASSWORD);
    expect(key).not.toBeNull();
    expect(await decryptCredential(lock, key as CryptoKey)).toBe(CREDENTIAL);
  });

  it('refuses a wrong password, also one differing only in case or by a trailing character', async () => {
    const lock = await lockCredential(PASSWORD, CREDENTIAL, FAST);
    for (const wrong of ['korrekt-hest-42', `${PASSWORD} `, '', 'demo1234']) {
      expect(await unlockKey(lock, wrong)).toBeNull();
    }
  });

  it('refuses a changed ciphertext or IV (AES-GCM authenticates them)', async () => {
    const lock = await lockCredential(PASSWORD, CREDENTIAL, FAST);
    const key = (await unlockKey(lock, PASSWORD)) as CryptoKey;
    const bytes = Uint8Array.from(atob(lock.ciphertext), (char) => char.charCodeAt(0));
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const tampered = { ...lock, ciphertext: btoa(String.fromCharCode(...bytes)) };
    await expect(decryptCredential(tampered, key)).rejects.toThrow();
    const otherIv = { ...lock, iv: btoa(String.fromCharCode(...new Uint8Array(12))) };
    await expect(decryptCredential(otherIv, key)).rejects.toThrow();
  });

  it('keeps neither the password nor the credential in what it stores, and uses separate random salts', async () => {
    const lock = await lockCredential(PASSWORD, CREDENTIAL, FAST);
    const texts = storedTexts(lock).join('\n');
    expect(texts).not.toContain(PASSWORD);
    expect(texts).not.toContain(CREDENTIAL);
    expect(texts).not.toContain(CREDENTIAL.split('.')[1]);
    expect(lock.verifierSalt).not.toBe(lock.keySalt);
    const again = await lockCredential(PASSWORD, CREDENTIAL, FAST);
    expect(again.verifierSalt).not.toBe(lock.verifierSalt);
    expect(again.verifierHash).not.toBe(lock.verifierHash);
    expect(again.iv).not.toBe(lock.iv);
  });

  it('gives a key that cannot be exported', async () => {
    const lock = await lockCredential(PASSWORD, CREDENTIAL, FAST);
    const key = (await unlockKey(lock, PASSWORD)) as CryptoKey;
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('derives with at least 600,000 iterations by default', async () => {
    expect(OFFLINE_SIGN_IN_PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    const lock = await lockCredential(PASSWORD, CREDENTIAL);
    expect(lock.iterations).toBe(OFFLINE_SIGN_IN_PBKDF2_ITERATIONS);
    expect(await unlockKey(lock, 'wrong password')).toBeNull();
  }, 60_000);
});
