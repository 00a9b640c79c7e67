import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** A link a reminder may go to, with what its e-mail says. */
export type ReminderCandidate = {
  linkId: string;
  deviceId: number;
  customerId: string;
  periodStart: string;
  deadline: string;
  createdAt: string;
  recipientEmail: string;
  residentName: string;
  meterName: string;
  serialNumber: string;
};

/**
 * Links whose deadline is from `firstDeadline` to `lastDeadline` (`YYYY-MM-DD`), whose meter was not
 * reminded at `step` for that period through any of its links, whose meter is in service on the link's account, still lacks a real reading (an estimate
 * does not count, ADR 021) of some point in the link's period, and whose resident's e-mail is still the
 * link's recipient (a resident who moved out, or a contact changed since, gets none). Newest first.
 */
export function selectReminderCandidates(
  db: Kysely<Database>,
  window: { firstDeadline: string; lastDeadline: string; step: string },
): Promise<ReminderCandidate[]> {
  return db
    .selectFrom('self_reading_links as l')
    .innerJoin('devices as d', 'd.id', 'l.device_id')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .innerJoin('accounts as a', 'a.id', 'g.account_id')
    .innerJoin('meter_residents as r', 'r.device_id', 'l.device_id')
    .whereRef('a.id', '=', 'l.account_id')
    .whereRef('r.email', '=', 'l.recipient_email')
    .where('d.retired_at', 'is', null)
    .where('l.deadline', '>=', window.firstDeadline)
    .where('l.deadline', '<=', window.lastDeadline)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('self_reading_reminders as s')
            .innerJoin('self_reading_links as o', 'o.id', 's.link_id')
            .select('s.link_id')
            .whereRef('o.device_id', '=', 'l.device_id')
            .whereRef('o.period_start', '=', 'l.period_start')
            .where('s.step', '=', window.step),
        ),
      ),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('device_items as i')
          .select('i.id')
          .whereRef('i.device_id', '=', 'd.id')
          .where((inner) =>
            inner.not(
              inner.exists(
                inner
                  .selectFrom('readings as v')
                  .select('v.id')
                  .whereRef('v.device_item_id', '=', 'i.id')
                  .whereRef('v.date_record', '>=', 'l.period_start')
                  .whereRef('v.date_record', '<=', 'l.period_end')
                  .where('v.source', '<>', 'estimate'),
              ),
            ),
          ),
      ),
    )
    .select([
      'l.id as linkId',
      'l.device_id as deviceId',
      'a.customer_id as customerId',
      'l.period_start as periodStart',
      'l.deadline as deadline',
      'l.created_at as createdAt',
      'r.email as recipientEmail',
      'r.name as residentName',
      'd.name as meterName',
      'd.serial_number as serialNumber',
    ])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id')
    .execute();
}

/**
 * Records the link's reminder at `step` unless there is one; answers whether it was recorded. The
 * key (link_id, step) decides, so of two instances at once exactly one records it.
 */
export async function insertReminderOnce(
  db: Kysely<Database>,
  reminder: { linkId: string; step: string; sentAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('self_reading_reminders')
    .values({ link_id: reminder.linkId, step: reminder.step, sent_at: reminder.sentAt })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
