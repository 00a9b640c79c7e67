import { type AdminLogPage, type AdminLogQuery, isoDateInCopenhagen, LOG_PAGE_SIZE } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { customerIdsOf } from '../../db/repositories/access.ts';
import { type AuditFilter, selectAuditPage } from '../../db/repositories/audit-events.ts';
import { selectUsersOfCustomers } from '../../db/repositories/user-lists.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../domain/auth-user.ts';

const HOUR_MS = 3_600_000;

/** The instant a Danish calendar day starts (Copenhagen is one or two hours ahead of UTC). */
export function startOfDanishDay(isoDate: string): string {
  const midnightUtc = Date.parse(`${isoDate}T00:00:00Z`);
  for (const offsetHours of [2, 1]) {
    const start = new Date(midnightUtc - offsetHours * HOUR_MS);
    if (isoDateInCopenhagen(start) === isoDate) return start.toISOString();
  }
  return new Date(midnightUtc).toISOString();
}

function nextDay(isoDate: string): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + 24 * HOUR_MS).toISOString().slice(0, 10);
}

type LogQuery = { page: number } & Omit<AdminLogQuery, 'page'>;

/**
 * `Log`: one page of the events of the administrator's customers, newest first. A user id outside them
 * simply matches nothing: the filter narrows the customers' events, it never widens them.
 */
export async function auditLogPage(
  db: Kysely<Database>,
  admin: AuthUser,
  query: LogQuery,
): Promise<AdminLogPage> {
  const customerIds = await customerIdsOf(db, admin);
  const filter: AuditFilter = {
    ...(query.user ? { userId: query.user } : {}),
    ...(query.event ? { event: query.event } : {}),
    ...(query.from ? { from: startOfDanishDay(query.from) } : {}),
    ...(query.to ? { until: startOfDanishDay(nextDay(query.to)) } : {}),
  };
  const [{ rows, total }, users] = await Promise.all([
    selectAuditPage(db, customerIds, filter, {
      offset: (query.page - 1) * LOG_PAGE_SIZE,
      limit: LOG_PAGE_SIZE,
    }),
    customerIds.length === 0 ? Promise.resolve([]) : selectUsersOfCustomers(db, customerIds),
  ]);
  return {
    events: rows.map((row) => ({
      id: row.id,
      at: row.at,
      event: row.event,
      userId: row.user_id,
      userName: row.user_name,
      subjectUserId: row.subject_user_id,
      subjectName: row.subject_name,
      accountName: row.account_name,
      details: JSON.parse(row.details) as AdminLogPage['events'][number]['details'],
    })),
    users: users.map((user) => ({ id: user.id, name: user.name })),
    total,
    page: query.page,
    pageSize: LOG_PAGE_SIZE,
  };
}
