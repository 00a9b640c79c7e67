import { isServerSetting, MAX_SETTINGS_PER_ACCOUNT, SERVER_SETTING_KEYS } from '@maaler/contract';
import type { Kysely } from 'kysely';
import {
  type AccountSetting,
  deleteAccountSetting,
  upsertAccountSetting,
} from '../../db/repositories/account-settings.ts';
import type { Database } from '../../db/schema.ts';
import { type AuthUser, isAdmin } from '../../domain/auth-user.ts';
import { ForbiddenError } from '../../domain/errors.ts';
import { messages } from '../../messages.ts';

// An account's settings: free keys for any app of its members, and the keys the server itself reads
// (the reading period), which decide what the whole office sees and so belong to administrators.

function requireWriteAccess(user: AuthUser, key: string): void {
  if (isServerSetting(key) && !isAdmin(user)) {
    throw new ForbiddenError(messages.serverSettingAdminOnly);
  }
}

/** Stores the value (checked by the caller for the account); false when the account has too many keys. */
export async function saveAccountSetting(
  db: Kysely<Database>,
  user: AuthUser,
  setting: AccountSetting,
): Promise<boolean> {
  requireWriteAccess(user, setting.key);
  return upsertAccountSetting(db, setting, {
    maxKeys: MAX_SETTINGS_PER_ACCOUNT,
    uncountedKeys: SERVER_SETTING_KEYS,
  });
}

/** Deletes the account's value for `key`; answers whether there was one. */
export async function removeAccountSetting(
  db: Kysely<Database>,
  user: AuthUser,
  setting: { accountId: string; key: string },
): Promise<boolean> {
  requireWriteAccess(user, setting.key);
  return deleteAccountSetting(db, setting.accountId, setting.key);
}
