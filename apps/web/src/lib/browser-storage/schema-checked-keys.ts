import { plainSessionKeys, type StorageItem, sessionStore } from './plain-keys';
import type { SessionCopies } from './session-copy-schemas';
import { isMarkedWritten, markWritten, removeMark } from './written-marks';

export { clearSessionStorage, localKeys, readRole } from './plain-keys';

// Typed access to every key the app keeps in the browser (product spec §3). The key names are the
// spec's; the plain keys come from plain-keys.ts. The keys holding server data are checked against
// their schemas once per load, before the signed-in screens read them (`checkSessionCopies`), unless
// this build wrote them itself (written-marks.ts, ADR 055). Whatever does not fit is dropped, and a
// copy changed after the check reads as absent.

export type StoredCustomer = SessionCopies['customer'];
export type StoredGatewayList = SessionCopies['gatewaylist'];
export type StoredRegisterForm = SessionCopies['registerForm'];

type CheckedKey = keyof SessionCopies;

/** A JSON copy that is read only while its mark says this build wrote or checked it as it stands. */
function checkedItem<Key extends CheckedKey>(key: Key): StorageItem<SessionCopies[Key]> {
  // Each text is parsed once per load: the same text gives the same value.
  let read: { text: string; value: SessionCopies[Key] } | undefined;
  return {
    get() {
      const text = sessionStore().getItem(key);
      if (text === null || !isMarkedWritten(sessionStore(), key, text)) return null;
      if (read?.text !== text) read = { text, value: JSON.parse(text) as SessionCopies[Key] };
      return read.value;
    },
    set(value) {
      const text = JSON.stringify(value);
      sessionStore().setItem(key, text);
      markWritten(sessionStore(), key, text);
    },
    remove() {
      sessionStore().removeItem(key);
      removeMark(sessionStore(), key);
    },
  };
}

const CHECKED_KEYS: readonly CheckedKey[] = [
  'accountinfolist',
  'gatewaylist',
  'accountselected',
  'customer',
  'registerForm',
];

/**
 * Checks, once per load, the copies this build did not write (another build's before a reload, or
 * one changed by hand): a copy that fits its schema is marked, any other is removed. The schemas load
 * only when such a copy is there.
 */
export async function checkSessionCopies(): Promise<void> {
  const unmarked = CHECKED_KEYS.flatMap((key) => {
    const text = sessionStore().getItem(key);
    return text !== null && !isMarkedWritten(sessionStore(), key, text) ? [{ key, text }] : [];
  });
  if (unmarked.length === 0) return;
  const { fitsSessionCopy } = await import('./session-copy-schemas');
  for (const { key, text } of unmarked) {
    if (fitsSessionCopy(key, parsedOrUndefined(text))) markWritten(sessionStore(), key, text);
    else {
      sessionStore().removeItem(key);
      removeMark(sessionStore(), key);
    }
  }
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Per-tab session storage (spec §3). */
export const sessionKeys = {
  ...plainSessionKeys,
  /** The accounts the user chooses between on the home screen (`[{guid, name}]`). */
  accountinfolist: checkedItem('accountinfolist'),
  /** The simple gateway list of one account, served instead of a new request when present. */
  gatewaylist: checkedItem('gatewaylist'),
  /** The selected account (`{guid, name}`). */
  accountselected: checkedItem('accountselected'),
  /** Company data of the selected account's customer. */
  customer: checkedItem('customer'),
  /** Draft of the home screen's form, owned by the reading-report feature. */
  registerForm: checkedItem('registerForm'),
} as const;
