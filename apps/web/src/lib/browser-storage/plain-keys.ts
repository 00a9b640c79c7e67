import { UNAUTHENTICATED_ROLE } from '@maaler/contract';

// The browser-storage keys that need no schema to read (product spec §3): text, numbers and flags.
// They are what every screen needs at start-up, so this module stays free of zod; the keys holding
// server data live in schema-checked-keys.ts, which builds on these helpers.

export type StorageItem<T> = {
  get(): T | null;
  set(value: T): void;
  remove(): void;
};

export function textItem(storage: () => Storage, key: string): StorageItem<string> {
  return {
    get: () => storage().getItem(key),
    set: (value) => storage().setItem(key, value),
    remove: () => storage().removeItem(key),
  };
}

/** A JSON value; whatever `accept` turns down (or JSON that does not parse) reads as absent. */
export function jsonItem<T>(
  storage: () => Storage,
  key: string,
  accept: (value: unknown) => T | null,
): StorageItem<T> {
  return {
    get() {
      const raw = storage().getItem(key);
      if (raw === null) return null;
      try {
        return accept(JSON.parse(raw));
      } catch {
        return null;
      }
    },
    set: (value) => storage().setItem(key, JSON.stringify(value)),
    remove: () => storage().removeItem(key),
  };
}

const finiteNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const boolean = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

export const sessionStore = () => window.sessionStorage;
const local = () => window.localStorage;

/** The session profile written at login, and the other plain per-tab keys (spec §3). */
export const plainSessionKeys = {
  /** Bearer token of the signed-in user. */
  token: textItem(sessionStore, 'token'),
  /**
   * Set while the session was opened by an offline sign-in and has no token yet (ADR 034); the
   * exchange of the device credential removes it.
   */
  offline: jsonItem(sessionStore, 'offline', boolean),
  /** Token expiry, ISO 8601. */
  expires: textItem(sessionStore, 'expires'),
  /** The user's guid (claims `nameIdentifier`). */
  guid: textItem(sessionStore, 'guid'),
  name: textItem(sessionStore, 'name'),
  /** Role from the claims; read it with `readRole()`, which gives -1 when absent. */
  role: jsonItem(sessionStore, 'role', finiteNumber),
  /** Comma-separated account guids from the claims. */
  accountlist: textItem(sessionStore, 'accountlist'),
  /** Comma-separated customer guids from the claims. */
  customerlist: textItem(sessionStore, 'customerlist'),
  email: textItem(sessionStore, 'email'),
  /** Blank at login. */
  measuregrouplist: textItem(sessionStore, 'measuregrouplist'),
  /** Guid of the selected account; blank at login. */
  accountid: textItem(sessionStore, 'accountid'),
  /** The login response's reset-password flag; false once a new password is saved. */
  resetpassword: jsonItem(sessionStore, 'resetpassword', boolean),
  /** Time of the user's last action, ms since the epoch. */
  lastaction: jsonItem(sessionStore, 'lastaction', finiteNumber),
  /** Name of the selected account. */
  accountname: textItem(sessionStore, 'accountname'),
  /** Guid of the selected account's customer. */
  customerid: textItem(sessionStore, 'customerid'),
  /** The build hash the version check saw first. */
  versionChecked: textItem(sessionStore, 'versionChecked'),
} as const;

/** Browser-wide storage for 'Husk mig'. */
export const localKeys = {
  rememberme: jsonItem(local, 'rememberme', boolean),
  email: textItem(local, 'email'),
} as const;

export function readRole(): number {
  return plainSessionKeys.role.get() ?? UNAUTHENTICATED_ROLE;
}

/** Clears all session storage (spec §4: a session reset). Local storage is kept. */
export function clearSessionStorage(): void {
  window.sessionStorage.clear();
}
