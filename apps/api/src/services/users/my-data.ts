import { ADMIN_ROLE, AUDIT_EVENT_LABELS, type AuditEventName, type MyData } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectEventsAboutUser } from '../../db/repositories/audit-events.ts';
import {
  selectControlReadingsOfPerson,
  selectCorrectionsByPerson,
  selectDeviceCredentialsOfPerson,
  selectEmailsToAddress,
  selectNamesOf,
  selectNotesOfPerson,
  selectPhotosOfPerson,
  selectReadingsOfPerson,
  selectReplacedEstimatesOfPerson,
  selectSkipsByPerson,
} from '../../db/repositories/my-data.ts';
import { selectCustomerMemberships, selectReachedAccounts } from '../../db/repositories/user-memberships.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../domain/auth-user.ts';
import { byDanishName } from '../shared/danish-order.ts';

/**
 * `Mine data` (ADR 040): what the app keeps about the signed-in person, gathered by their own id only.
 * Photos are listed by their facts (ids, dates, sizes), not their bytes.
 */
export async function myData(db: Kysely<Database>, person: AuthUser, now: Date): Promise<MyData> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'created_at', 'updated_at'])
    .where('id', '=', person.id)
    .executeTakeFirst();
  if (!user) throw new Error(`user ${person.id} vanished while being read`);
  const [
    memberships,
    reached,
    readings,
    corrections,
    skips,
    replacedEstimates,
    credentials,
    emails,
    events,
    photos,
    notes,
    controlReadings,
  ] = await Promise.all([
    selectCustomerMemberships(db, [user.id], null),
    selectReachedAccounts(
      db,
      { userIds: [user.id], adminIds: user.role === ADMIN_ROLE ? [user.id] : [] },
      null,
    ),
    selectReadingsOfPerson(db, user.id),
    selectCorrectionsByPerson(db, user.id),
    selectSkipsByPerson(db, user.id),
    selectReplacedEstimatesOfPerson(db, user.id),
    selectDeviceCredentialsOfPerson(db, user.id),
    selectEmailsToAddress(db, user.email),
    selectEventsAboutUser(db, user.id),
    selectPhotosOfPerson(db, user.id),
    selectNotesOfPerson(db, user.id),
    selectControlReadingsOfPerson(db, user.id),
  ]);
  const names = await selectNamesOf(db, {
    customerIds: memberships.map((row) => row.customer_id),
    accountIds: reached.map((row) => row.account_id),
  });
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      customers: [...names.customers].sort(byDanishName),
      accounts: [...names.accounts].sort(byDanishName),
      createdAt: user.created_at,
      updatedAt: user.updated_at,
    },
    readings: readings.map(({ registeredBy, approvedBy, approvedAt, ...reading }) => ({
      ...reading,
      registeredByYou: registeredBy === user.id,
      approvedByYouAt: approvedBy === user.id ? approvedAt : null,
    })),
    corrections: corrections.map(({ oldValue, ...correction }) => ({
      ...correction,
      oldValue: oldValue ?? '',
    })),
    skips,
    replacedEstimates,
    controlReadings,
    deviceCredentials: credentials,
    emails,
    securityEvents: events.map((event) => ({
      at: event.at,
      event: event.event,
      label: AUDIT_EVENT_LABELS[event.event as AuditEventName] ?? event.event,
      doneByYou: event.user_id === user.id,
      details: event.details,
    })),
    photos,
    notes,
  };
}
