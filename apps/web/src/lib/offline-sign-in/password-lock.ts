// The offline sign-in's cryptography (ADR 034): a PBKDF2 verifier of the password and the device
// credential encrypted under a second PBKDF2 key, each with its own random salt, so the stored
// verifier is never the key. The password itself is never kept.

/**
 * PBKDF2-SHA-256 iterations of the verifier and the credential key (ADR 034: OWASP's 2023 figure).
 * Kept here rather than in a shared constants module: only this lazily loaded code uses it, and a
 * shared module imported from here would split into a chunk of its own on every first load.
 */
export const OFFLINE_SIGN_IN_PBKDF2_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const HASH_BITS = 256;

/** What the device keeps of a password and a credential: salts, a verifier and ciphertext. */
export type PasswordLock = {
  iterations: number;
  verifierSalt: string;
  verifierHash: string;
  keySalt: string;
  iv: string;
  ciphertext: string;
};

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

function passwordMaterial(password: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
    'deriveKey',
  ]);
}

const pbkdf2 = (salt: Uint8Array<ArrayBuffer>, iterations: number) =>
  ({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }) as const;

async function verifierOf(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const bits = await crypto.subtle.deriveBits(
    pbkdf2(salt, iterations),
    await passwordMaterial(password),
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

/** The AES-GCM key of the credential, not extractable: it lives in memory for the session only. */
async function credentialKeyOf(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  return crypto.subtle.deriveKey(
    pbkdf2(salt, iterations),
    await passwordMaterial(password),
    { name: 'AES-GCM', length: HASH_BITS },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Compares every byte, so the time taken does not say where the first difference is. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  }
  return difference === 0;
}

/** Makes the verifier of `password` and encrypts `credential` under a key derived from it. */
export async function lockCredential(
  password: string,
  credential: string,
  iterations: number = OFFLINE_SIGN_IN_PBKDF2_ITERATIONS,
): Promise<PasswordLock> {
  const verifierSalt = randomBytes(SALT_BYTES);
  const keySalt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const [verifierHash, key] = await Promise.all([
    verifierOf(password, verifierSalt, iterations),
    credentialKeyOf(password, keySalt, iterations),
  ]);
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(credential),
  );
  return {
    iterations,
    verifierSalt: toBase64(verifierSalt),
    verifierHash: toBase64(verifierHash),
    keySalt: toBase64(keySalt),
    iv: toBase64(iv),
    ciphertext: toBase64(new Uint8Array(ciphertext)),
  };
}

/**
 * Checks `password` against the lock's verifier (constant-time comparison) and answers the
 * credential's key, or null for a wrong password.
 */
export async function unlockKey(lock: PasswordLock, password: string): Promise<CryptoKey | null> {
  const verifier = await verifierOf(password, fromBase64(lock.verifierSalt), lock.iterations);
  if (!sameBytes(verifier, fromBase64(lock.verifierHash))) return null;
  return credentialKeyOf(password, fromBase64(lock.keySalt), lock.iterations);
}

/** The credential, decrypted with the key `unlockKey` gave; rejects when the ciphertext was changed. */
export async function decryptCredential(lock: PasswordLock, key: CryptoKey): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(lock.iv) },
    key,
    fromBase64(lock.ciphertext),
  );
  return new TextDecoder().decode(plain);
}
