import { plainSessionKeys } from '../browser-storage/plain-keys';
import type { CopyKind } from '../device/device-copies';
import { checkedBy, type SchemaSource } from '../http/api-client';
import { onSessionReset } from '../session/auth-status';

const loadCopies = () => import('../device/device-copies');

// Sign-out and auto-logout take the account's copies (tree, last values, company data) off the device.
// Every screen that loads server data loads this module, so it listens wherever a copy can be made.
onSessionReset(() => {
  void loadCopies()
    .then(({ forgetCopies }) => forgetCopies())
    .catch((error: unknown) => console.error('Deleting the copies on the device failed', error));
});

/**
 * Loads `fetch`'s answer from the server and keeps a copy of it on the device for the signed-in user
 * and the account; when no answer comes (fetch's TypeError: no connection), answers with that copy
 * instead, checked again with `schema`. Other errors, and a missing or stale-shaped copy, throw as
 * the server call did. The device code loads only when first needed, after the first paint.
 */
export async function withDeviceCopy<T>(
  accountId: string,
  kind: CopyKind,
  schema: SchemaSource<T>,
  fetch: () => Promise<T>,
): Promise<T> {
  const userId = plainSessionKeys.guid.get();
  try {
    const answer = await fetch();
    // An answer that arrives after sign-out is not kept: the copies of the session are gone by then.
    const sameSession = () => userId !== null && plainSessionKeys.guid.get() === userId;
    if (sameSession()) {
      void loadCopies()
        .then(({ keepCopy }) =>
          sameSession() && userId ? keepCopy(userId, accountId, kind, answer) : undefined,
        )
        .catch((error: unknown) => console.error('Keeping a copy on the device failed', error));
    }
    return answer;
  } catch (error) {
    if (!(error instanceof TypeError) || !userId) throw error;
    const copy = await loadCopies()
      .then(({ readCopy }) => readCopy(userId, accountId, kind))
      .catch(() => undefined);
    return checkedBy(schema, copy).catch(() => {
      throw error;
    });
  }
}
