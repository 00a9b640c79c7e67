import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** The newest link of the meter for the period starting `periodStart` sent to `recipientEmail`. */
export async function selectLinkOfMeter(
  db: Kysely<Database>,
  link: { deviceId: number; accountId: string; periodStart: string; recipientEmail: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('self_reading_links')
    .where('device_id', '=', link.deviceId)
    .where('account_id', '=', link.accountId)
    .where('period_start', '=', link.periodStart)
    .where('recipient_email', '=', link.recipientEmail)
    .select('id')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/** What an e-mail about the link names: its meter, deadline and the meter's customer. */
export function selectLinkLetter(
  db: Kysely<Database>,
  linkId: string,
): Promise<{ meterName: string; serialNumber: string; deadline: string; customerId: string } | undefined> {
  return db
    .selectFrom('self_reading_links as l')
    .innerJoin('devices as d', 'd.id', 'l.device_id')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .where('l.id', '=', linkId)
    .select([
      'd.name as meterName',
      'd.serial_number as serialNumber',
      'l.deadline as deadline',
      'a.customer_id as customerId',
    ])
    .executeTakeFirst();
}
