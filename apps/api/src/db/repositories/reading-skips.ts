import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export type ReadingSkip = {
  accountId: string;
  gatewayId: number;
  deviceId: number;
  reason: string;
  note: string | null;
  /** `YYYY-MM-DD` in Copenhagen. */
  skippedOn: string;
  createdBy: string;
  createdAt: string;
};

/**
 * Stores the skip unless the same user skipped the same meter with the same reason and note on the
 * same day (the unique index reading_skips_once_a_day_idx): then nothing changes, which is what the
 * contract's idempotent `skipreading` means also without an `Idempotency-Key`. True when it was stored.
 */
export async function insertReadingSkip(db: Kysely<Database>, skip: ReadingSkip): Promise<boolean> {
  const result = await db
    .insertInto('reading_skips')
    .values({
      account_id: skip.accountId,
      gateway_id: skip.gatewayId,
      device_id: skip.deviceId,
      reason: skip.reason,
      note: skip.note,
      skipped_on: skip.skippedOn,
      created_by: skip.createdBy,
      created_at: skip.createdAt,
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export type SkipRow = { deviceId: number; reason: string; note: string | null };

/** The account's skips recorded from `start` to `end` (`YYYY-MM-DD`, both included), oldest first. */
export function selectSkipsRecordedBetween(
  db: Kysely<Database>,
  accountId: string,
  period: { start: string; end: string },
): Promise<SkipRow[]> {
  return db
    .selectFrom('reading_skips')
    .select(['device_id as deviceId', 'reason', 'note'])
    .where('account_id', '=', accountId)
    .where('skipped_on', '>=', period.start)
    .where('skipped_on', '<=', period.end)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
