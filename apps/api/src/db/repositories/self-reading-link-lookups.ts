import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The links of the account's meters for the period starting `periodStart`, newest first: what an
 * invitation reuses rather than issue a second link to the same resident.
 */
export function selectLinksOfMeters(
  db: Kysely<Database>,
  links: { accountId: string; periodStart: string; deviceIds: readonly number[] },
): Promise<{ id: string; deviceId: number; recipientEmail: string | null; deadline: string }[]> {
  if (links.deviceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('self_reading_links')
    .where('account_id', '=', links.accountId)
    .where('period_start', '=', links.periodStart)
    .where('device_id', 'in', links.deviceIds)
    .select(['id', 'device_id as deviceId', 'recipient_email as recipientEmail', 'deadline'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}
