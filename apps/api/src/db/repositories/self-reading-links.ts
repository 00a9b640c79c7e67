import type { Insertable, Kysely } from 'kysely';
import type { Database, SelfReadingLinksTable } from '../schema.ts';
import { type MeterOnLetterRow, meterOnLetterColumns } from './column-lists.ts';

export async function insertSelfReadingLink(
  db: Kysely<Database>,
  link: Insertable<SelfReadingLinksTable>,
): Promise<void> {
  await db.insertInto('self_reading_links').values(link).execute();
}

/** Many links in one statement (the office's `Send invitationer`). */
export async function insertSelfReadingLinks(
  db: Kysely<Database>,
  links: readonly Insertable<SelfReadingLinksTable>[],
): Promise<void> {
  if (links.length > 0)
    await db
      .insertInto('self_reading_links')
      .values([...links])
      .execute();
}

/** A link with what its page shows of the one meter: the link's scope is this row and nothing else. */
export type SelfReadingLinkRow = MeterOnLetterRow & {
  id: string;
  deviceId: number;
  gatewayId: number;
  accountId: string;
  customerId: string;
  periodStart: string;
  periodEnd: string;
  deadline: string;
  recipientEmail: string | null;
  createdBy: string;
  lastReadingAt: string | null;
};

/**
 * The link whose token (its first or a further one), or short code (ADR 043), hashes to the given hash,
 * while its meter is still on the account it was issued for (a meter moved elsewhere leaves its links
 * behind).
 */
export function selectSelfReadingLink(
  db: Kysely<Database>,
  by: { tokenHash: string } | { codeHash: string },
): Promise<SelfReadingLinkRow | undefined> {
  return db
    .selectFrom('self_reading_links as l')
    .innerJoin('devices as d', 'd.id', 'l.device_id')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .innerJoin('accounts as a', 'a.id', 'g.account_id')
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .whereRef('a.id', '=', 'l.account_id')
    .where((eb) =>
      'tokenHash' in by
        ? eb.or([
            eb('l.token_hash', '=', by.tokenHash),
            // A further token of the link (a reminder's, ADR 044): one indexed look-up, run once.
            eb(
              'l.id',
              '=',
              eb
                .selectFrom('self_reading_link_tokens')
                .select('link_id')
                .where('token_hash', '=', by.tokenHash),
            ),
          ])
        : eb('l.code_hash', '=', by.codeHash),
    )
    .select([
      'l.id as id',
      'd.id as deviceId',
      'g.id as gatewayId',
      'a.id as accountId',
      'c.id as customerId',
      'l.period_start as periodStart',
      'l.period_end as periodEnd',
      'l.deadline as deadline',
      'l.recipient_email as recipientEmail',
      'l.created_by as createdBy',
      'l.last_reading_at as lastReadingAt',
      ...meterOnLetterColumns,
    ])
    .executeTakeFirst();
}

/** The meter's account and customer, for issuing a link; undefined for an unknown meter. */
export function selectMeterOwner(
  db: Kysely<Database>,
  deviceId: number,
): Promise<{ accountId: string; customerId: string; retiredAt: string | null } | undefined> {
  return db
    .selectFrom('devices as d')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .innerJoin('accounts as a', 'a.id', 'g.account_id')
    .where('d.id', '=', deviceId)
    .select(['a.id as accountId', 'a.customer_id as customerId', 'd.retired_at as retiredAt'])
    .executeTakeFirst();
}

/** The meter's measurement points, by name. */
export function selectPointsOfMeter(
  db: Kysely<Database>,
  deviceId: number,
): Promise<{ id: number; name: string; unit: string }[]> {
  return db
    .selectFrom('device_items')
    .where('device_id', '=', deviceId)
    .select(['id', 'name', 'unit'])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The latest self-read value of each of the points within the period, by point id. */
export async function selectSelfReadValues(
  db: Kysely<Database>,
  itemIds: readonly number[],
  period: { start: string; end: string },
): Promise<Map<number, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('readings')
    .where('device_item_id', 'in', itemIds)
    .where('source', '=', 'selfreading')
    .where('date_record', '>=', period.start)
    .where('date_record', '<=', period.end)
    .select(['device_item_id', 'value'])
    .orderBy('date_record')
    .execute();
  // Ordered by date, so the last one of each point wins.
  return new Map(rows.map((row) => [row.device_item_id, row.value]));
}

export async function markSelfReadingLinkUsed(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('self_reading_links').set({ last_reading_at: at }).where('id', '=', id).execute();
}
