import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The rows `Mine data` (ADR 040) gathers about one person. Every query is filtered by the person's
 * own id (or address for e-mails) in its WHERE clause, never by anything the request names, so no
 * other user's rows can come along.
 */

/** A point (`i`) with its meter, location and account, as names. */
const PLACE_COLUMNS = [
  'ac.name as account',
  'g.name as location',
  'd.name as meter',
  'd.serial_number as serial',
  'i.name as point',
  'i.unit as unit',
] as const;

/** The points (`i`) joined to their meter (`d`), location (`g`) and account (`ac`): what PLACE_COLUMNS name. */
function pointsWithPlace(db: Kysely<Database>) {
  return db
    .selectFrom('device_items as i')
    .innerJoin('devices as d', 'd.id', 'i.device_id')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .innerJoin('accounts as ac', 'ac.id', 'g.account_id');
}

/** The readings whose current value the person registered or that they approved, by date then id. */
export function selectReadingsOfPerson(db: Kysely<Database>, userId: string) {
  return pointsWithPlace(db)
    .innerJoin('readings as r', 'r.device_item_id', 'i.id')
    .select([
      'r.id',
      ...PLACE_COLUMNS,
      'r.date_record as date',
      'r.value',
      'r.source',
      'r.entered_at as enteredAt',
      'r.registered_by as registeredBy',
      'r.registered_at as registeredAt',
      'r.approved_by as approvedBy',
      'r.approved_at as approvedAt',
    ])
    .where((eb) => eb.or([eb('r.registered_by', '=', userId), eb('r.approved_by', '=', userId)]))
    .orderBy('r.date_record')
    .orderBy('r.id')
    .execute();
}

/** The control readings the person registered (ADR 049), oldest first. */
export function selectControlReadingsOfPerson(db: Kysely<Database>, userId: string) {
  return pointsWithPlace(db)
    .innerJoin('control_readings as r', 'r.device_item_id', 'i.id')
    .select([
      ...PLACE_COLUMNS,
      'r.date_record as date',
      'r.value',
      'r.source',
      'r.entered_at as enteredAt',
      'r.registered_at as registeredAt',
    ])
    .where('r.registered_by', '=', userId)
    .orderBy('r.date_record')
    .orderBy('r.id')
    .execute();
}

/** The changes of value the person made (audit rows with an old value), oldest first. */
export function selectCorrectionsByPerson(db: Kysely<Database>, userId: string) {
  return pointsWithPlace(db)
    .innerJoin('readings as r', 'r.device_item_id', 'i.id')
    .innerJoin('reading_audit as a', 'a.reading_id', 'r.id')
    .select([
      'a.reading_id as readingId',
      ...PLACE_COLUMNS,
      'r.date_record as date',
      'a.old_value as oldValue',
      'a.new_value as newValue',
      'a.source',
      'a.changed_at as changedAt',
    ])
    .where('a.changed_by', '=', userId)
    .where('a.old_value', 'is not', null)
    .orderBy('a.changed_at')
    .orderBy('a.id')
    .execute();
}

/** The skips the person recorded, oldest first. */
export function selectSkipsByPerson(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('reading_skips as s')
    .innerJoin('devices as d', 'd.id', 's.device_id')
    .innerJoin('gateways as g', 'g.id', 's.gateway_id')
    .innerJoin('accounts as ac', 'ac.id', 's.account_id')
    .select([
      's.id',
      'ac.name as account',
      'g.name as location',
      'd.name as meter',
      'd.serial_number as serial',
      's.reason',
      's.note',
      's.skipped_on as skippedOn',
      's.created_at as createdAt',
    ])
    .where('s.created_by', '=', userId)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
}

/** The estimates the person made that real readings replaced, oldest first. */
export function selectReplacedEstimatesOfPerson(db: Kysely<Database>, userId: string) {
  return pointsWithPlace(db)
    .innerJoin('replaced_estimates as e', 'e.device_item_id', 'i.id')
    .select([
      ...PLACE_COLUMNS,
      'e.date_record as date',
      'e.value',
      'e.estimated_at as estimatedAt',
      'e.replaced_at as replacedAt',
    ])
    .where('e.estimated_by', '=', userId)
    .orderBy('e.estimated_at')
    .orderBy('e.id')
    .execute();
}

/** The person's device credentials, without their secret's hash. */
export function selectDeviceCredentialsOfPerson(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('device_credentials')
    .select(['created_at as createdAt', 'expires_at as expiresAt', 'revoked_at as revokedAt'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** The e-mails to the person's address (stored as written, compared without case), without their bodies. */
export function selectEmailsToAddress(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['subject', 'status', 'created_at as createdAt', 'sent_at as sentAt'])
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', email.toLowerCase()))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The names of the customers and accounts given by id. */
export async function selectNamesOf(
  db: Kysely<Database>,
  ids: { customerIds: string[]; accountIds: string[] },
) {
  const [customers, accounts] = await Promise.all([
    ids.customerIds.length === 0
      ? []
      : db.selectFrom('customers').select(['id', 'name']).where('id', 'in', ids.customerIds).execute(),
    ids.accountIds.length === 0
      ? []
      : db
          .selectFrom('accounts as a')
          .innerJoin('customers as c', 'c.id', 'a.customer_id')
          .select(['a.id', 'a.name', 'c.name as customer'])
          .where('a.id', 'in', ids.accountIds)
          .execute(),
  ]);
  return { customers, accounts };
}

/** The photos the person uploaded (issue 36), oldest first; their bytes stay out of the file. */
export function selectPhotosOfPerson(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('photos as p')
    .innerJoin('accounts as ac', 'ac.id', 'p.account_id')
    .select(['p.id', 'ac.name as account', 'p.uploaded_at as uploadedAt', 'p.width', 'p.height', 'p.size'])
    .where('p.uploaded_by', '=', userId)
    .orderBy('p.uploaded_at')
    .orderBy('p.id')
    .execute();
}

/** The notes the person wrote on readings (issue 36), oldest first. */
export async function selectNotesOfPerson(db: Kysely<Database>, userId: string) {
  const rows = await pointsWithPlace(db)
    .innerJoin('readings as r', 'r.device_item_id', 'i.id')
    .innerJoin('reading_evidence as e', 'e.reading_id', 'r.id')
    .select([
      'e.reading_id as readingId',
      ...PLACE_COLUMNS,
      'r.date_record as date',
      'e.note',
      'e.set_at as writtenAt',
    ])
    .where('e.set_by', '=', userId)
    .where('e.note', 'is not', null)
    .orderBy('e.set_at')
    .orderBy('e.reading_id')
    .execute();
  return rows.flatMap(({ note, ...row }) => (note === null ? [] : [{ ...row, note }]));
}
