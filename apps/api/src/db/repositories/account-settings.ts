import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export type AccountSetting = { accountId: string; key: string; value: string; updatedAt: string };

/** One value per (account, key): saving a key again overwrites it. */
export async function upsertAccountSetting(db: Kysely<Database>, setting: AccountSetting): Promise<void> {
  await db
    .insertInto('account_settings')
    .values({
      account_id: setting.accountId,
      key: setting.key,
      value: setting.value,
      updated_at: setting.updatedAt,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'key']).doUpdateSet({ value: setting.value, updated_at: setting.updatedAt }),
    )
    .execute();
}
