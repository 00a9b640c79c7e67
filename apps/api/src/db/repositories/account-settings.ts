import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

export type AccountSetting = { accountId: string; key: string; value: string; updatedAt: string };

/**
 * The cap on an account's keys: at most `maxKeys`, not counting `uncountedKeys`, which are always
 * stored (the keys the server reads, so that filling the cap never blocks them).
 */
export type SettingsCap = { maxKeys: number; uncountedKeys: readonly string[] };

/**
 * One value per (account, key): saving a key again overwrites it. A new key is stored only while the
 * account has fewer than the cap's keys; answers whether the value was stored. The count and the
 * insert are one statement, so a burst of requests cannot slip far past the limit.
 */
export async function upsertAccountSetting(
  db: Kysely<Database>,
  setting: AccountSetting,
  cap: SettingsCap,
): Promise<boolean> {
  const isKnownKey = db
    .selectFrom('account_settings')
    .select('key')
    .where('account_id', '=', setting.accountId)
    .where('key', '=', setting.key);
  const keyCount = db
    .selectFrom('account_settings')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', setting.accountId)
    .$if(cap.uncountedKeys.length > 0, (query) => query.where('key', 'not in', [...cap.uncountedKeys]));
  const uncounted = cap.uncountedKeys.includes(setting.key);
  const result = await db
    .insertInto('account_settings')
    .columns(['account_id', 'key', 'value', 'updated_at'])
    .expression(
      db
        .selectNoFrom([
          sql<string>`${setting.accountId}`.as('account_id'),
          sql<string>`${setting.key}`.as('key'),
          sql<string>`${setting.value}`.as('value'),
          sql<string>`${setting.updatedAt}`.as('updated_at'),
        ])
        .$if(!uncounted, (query) =>
          query.where((eb) => eb.or([eb(keyCount, '<', cap.maxKeys), eb.exists(isKnownKey)])),
        ),
    )
    .onConflict((oc) =>
      oc.columns(['account_id', 'key']).doUpdateSet({ value: setting.value, updated_at: setting.updatedAt }),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The account's value for `key`, or undefined when it has none. */
/** The account's values for these keys, in one query; a key without a value is absent. */
export async function selectAccountSettings(
  db: Kysely<Database>,
  accountId: string,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('account_settings')
    .select(['key', 'value'])
    .where('account_id', '=', accountId)
    .where('key', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function selectAccountSetting(
  db: Kysely<Database>,
  accountId: string,
  key: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('account_settings')
    .select('value')
    .where('account_id', '=', accountId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/** Deletes the account's value for `key`; answers whether there was one. */
export async function deleteAccountSetting(
  db: Kysely<Database>,
  accountId: string,
  key: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('account_settings')
    .where('account_id', '=', accountId)
    .where('key', '=', key)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
