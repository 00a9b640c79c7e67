import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { pointsOfAccount } from './account-readings.ts';
import { type MeterOnLetterRow, meterOnLetterColumns } from './column-lists.ts';

// What the office's `Selvaflæsning` section counts (ADR 043): the links of one account and period,
// their reminders, and the meters with a self-read value in the period.

/** Each link of the account issued for the period starting `periodStart`: its meter and recipient. */
export function selectLinksOfPeriod(
  db: Kysely<Database>,
  accountId: string,
  periodStart: string,
): Promise<{ deviceId: number; recipientEmail: string | null }[]> {
  return db
    .selectFrom('self_reading_links')
    .where('account_id', '=', accountId)
    .where('period_start', '=', periodStart)
    .select(['device_id as deviceId', 'recipient_email as recipientEmail'])
    .execute();
}

/** The meters of the account whose link for the period has had at least one reminder. */
export async function selectRemindedMeters(
  db: Kysely<Database>,
  accountId: string,
  periodStart: string,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('self_reading_links as l')
    .where('l.account_id', '=', accountId)
    .where('l.period_start', '=', periodStart)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('self_reading_reminders as r').whereRef('r.link_id', '=', 'l.id').select('r.link_id'),
      ),
    )
    .select('l.device_id as deviceId')
    .distinct()
    .execute();
  return new Set(rows.map((row) => row.deviceId));
}

/** The meters of the account with a self-read value (source `selfreading`) dated in the period. */
export async function selectSelfReadMeters(
  db: Kysely<Database>,
  accountId: string,
  period: { start: string; end: string },
): Promise<Set<number>> {
  const rows = await pointsOfAccount(db, accountId)
    .innerJoin('readings as r', 'r.device_item_id', 'i.id')
    .where('r.source', '=', 'selfreading')
    .where('r.date_record', '>=', period.start)
    .where('r.date_record', '<=', period.end)
    .select('d.id as deviceId')
    .distinct()
    .execute();
  return new Set(rows.map((row) => row.deviceId));
}

/** What a letter or an invitation names of one meter; undefined for an unknown meter. */
export type MeterOnLetter = MeterOnLetterRow & { accountId: string; customerId: string };

/** `selectMetersOnLetter` for one meter (a letter). */
export async function selectMeterOnLetter(
  db: Kysely<Database>,
  deviceId: number,
): Promise<MeterOnLetter | undefined> {
  return (await selectMetersOnLetter(db, [deviceId])).get(deviceId);
}

/** What letters or invitations name of these meters, in one query, by meter id; unknown meters are left out. */
export async function selectMetersOnLetter(
  db: Kysely<Database>,
  deviceIds: readonly number[],
): Promise<Map<number, MeterOnLetter>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('devices as d')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .innerJoin('accounts as a', 'a.id', 'g.account_id')
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .where('d.id', 'in', deviceIds)
    .select(['d.id as deviceId', 'a.id as accountId', 'c.id as customerId', ...meterOnLetterColumns])
    .execute();
  return new Map(rows.map(({ deviceId, ...meter }) => [deviceId, meter]));
}
