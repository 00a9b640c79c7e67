import { AccountList, AccountListItem, GatewayTree, Guid, UNAUTHENTICATED_ROLE } from '@maaler/contract';
import { z } from 'zod';

// Typed access to every key the app keeps in the browser (product spec §3). The key names are the
// spec's; each accessor parses what it reads, so a tampered or stale value reads as absent.

type Item<T> = {
  get(): T | null;
  set(value: T): void;
  remove(): void;
};

function textItem(storage: () => Storage, key: string): Item<string> {
  return {
    get: () => storage().getItem(key),
    set: (value) => storage().setItem(key, value),
    remove: () => storage().removeItem(key),
  };
}

function jsonItem<T>(storage: () => Storage, key: string, schema: z.ZodType<T>): Item<T> {
  return {
    get() {
      const raw = storage().getItem(key);
      if (raw === null) return null;
      try {
        const parsed = schema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    set: (value) => storage().setItem(key, JSON.stringify(value)),
    remove: () => storage().removeItem(key),
  };
}

function numberItem(storage: () => Storage, key: string): Item<number> {
  return jsonItem(storage, key, z.number().finite());
}

function booleanItem(storage: () => Storage, key: string): Item<boolean> {
  return jsonItem(storage, key, z.boolean());
}

const session = () => window.sessionStorage;
const local = () => window.localStorage;

/** Company data of the selected account's customer, from GET /api/account/loadsimple/{accountId}. */
export const StoredCustomer = z.object({
  name: z.string(),
  address: z.string(),
  postalcode: z.string(),
  town: z.string(),
});
export type StoredCustomer = z.infer<typeof StoredCustomer>;

/** The simple gateway list, cached for the account it was loaded for. */
export const StoredGatewayList = z.object({ accountId: Guid, gateways: GatewayTree });
export type StoredGatewayList = z.infer<typeof StoredGatewayList>;

/** Per-tab session storage (spec §3). */
export const sessionKeys = {
  // The session profile, written at login.
  /** Bearer token of the signed-in user. */
  token: textItem(session, 'token'),
  /** Token expiry, ISO 8601. */
  expires: textItem(session, 'expires'),
  /** The user's guid (claims `nameIdentifier`). */
  guid: textItem(session, 'guid'),
  name: textItem(session, 'name'),
  /** Role from the claims; read it with `readRole()`, which gives -1 when absent. */
  role: numberItem(session, 'role'),
  /** Comma-separated account guids from the claims. */
  accountlist: textItem(session, 'accountlist'),
  /** Comma-separated customer guids from the claims. */
  customerlist: textItem(session, 'customerlist'),
  email: textItem(session, 'email'),
  /** Blank at login. */
  measuregrouplist: textItem(session, 'measuregrouplist'),
  /** Guid of the selected account; blank at login. */
  accountid: textItem(session, 'accountid'),
  /** The login response's reset-password flag; false once a new password is saved. */
  resetpassword: booleanItem(session, 'resetpassword'),
  /** Time of the user's last action, ms since the epoch. */
  lastaction: numberItem(session, 'lastaction'),

  // Other session keys.
  /** The accounts the user chooses between on the home screen (`[{guid, name}]`). */
  accountinfolist: jsonItem(session, 'accountinfolist', AccountList),
  /** The simple gateway list of one account, served instead of a new request when present. */
  gatewaylist: jsonItem(session, 'gatewaylist', StoredGatewayList),
  /** Name of the selected account. */
  accountname: textItem(session, 'accountname'),
  /** The selected account (`{guid, name}`). */
  accountselected: jsonItem(session, 'accountselected', AccountListItem),
  /** Guid of the selected account's customer. */
  customerid: textItem(session, 'customerid'),
  /** Company data of the selected account's customer. */
  customer: jsonItem(session, 'customer', StoredCustomer),
  /** Draft of the home screen's form, owned by the reading-report feature. */
  registerForm: jsonItem(session, 'registerForm', z.unknown()),
  /** The build hash the version check saw first. */
  versionChecked: textItem(session, 'versionChecked'),
} as const;

/** Browser-wide storage for 'Husk mig'. */
export const localKeys = {
  rememberme: booleanItem(local, 'rememberme'),
  email: textItem(local, 'email'),
} as const;

export function readRole(): number {
  return sessionKeys.role.get() ?? UNAUTHENTICATED_ROLE;
}

/** Clears all session storage (spec §4: a session reset). Local storage is kept. */
export function clearSessionStorage(): void {
  window.sessionStorage.clear();
}
