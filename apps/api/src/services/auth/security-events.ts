import { randomUUID } from 'node:crypto';
import type { AuditEventName } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { BaseLogger } from 'pino';
import { insertAuditEvent, type NewAuditEvent } from '../../db/repositories/audit-events.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Security events, each one log line with a stable `event` name that alerting can match on, and the
 * office's bulk operations, each with the account and its counts. The names and their Danish labels in
 * `Log` are defined once in the contract. Fields name users by id or e-mail and never carry a password,
 * token or hash.
 */
export type SecurityEvent = AuditEventName;

const WARNINGS = new Set<SecurityEvent>([
  'login.failed',
  'login.locked',
  'device-credential.refused',
  'api-key.refused',
  'password.change-refused',
  'password.reset-refused',
  'selfreading.refused',
  'access.denied',
  'xsrf.refused',
  // Another administrator: someone who can then create administrators in turn.
  'user.promoted',
]);

export type SecurityEventFields = Record<string, string | number | boolean | undefined>;

export function logSecurityEvent(
  log: Pick<BaseLogger, 'info' | 'warn'>,
  event: SecurityEvent,
  fields: SecurityEventFields = {},
): void {
  const line = { event, ...fields };
  if (WARNINGS.has(event)) log.warn(line, event);
  else log.info(line, event);
}

/** Where an event is recorded: the log, and the office's `Log` table (ADR 041) in `db`. */
export type SecurityEventContext = {
  log: Pick<BaseLogger, 'info' | 'warn'>;
  /** A transaction when the event belongs to a change: rolled back, the event is not stored either. */
  db: Kysely<Database>;
  /** The signed-in user who did it, if any. */
  userId: string | null;
  now: Date;
};

// Fields that name whom or what the event is about become columns; the typed e-mail and the token's
// and the credential's ids are not kept in the table (personal data of maybe nobody, and no use to the office).
const NOT_DETAILS = new Set([
  'targetUserId',
  'userId',
  'accountId',
  'customerId',
  'email',
  'tokenId',
  'credentialId',
]);

/** Events by which a user, not yet signed in, signs in themselves: they did it. */
const SIGNING_IN = new Set<SecurityEvent>([
  'login.succeeded',
  'device-credential.exchanged',
  'password.reset-by-link',
]);

function toAuditEvent(
  context: SecurityEventContext,
  event: SecurityEvent,
  fields: SecurityEventFields,
): NewAuditEvent {
  const details: NewAuditEvent['details'] = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && !NOT_DETAILS.has(key)) details[key] = value;
  }
  const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : null);
  const subjectUserId = text('targetUserId') ?? text('userId') ?? null;
  return {
    id: randomUUID(),
    at: context.now,
    event,
    userId: context.userId ?? (SIGNING_IN.has(event) ? subjectUserId : null),
    subjectUserId,
    subjectEmail: text('email'),
    accountId: text('accountId'),
    customerId: text('customerId'),
    details,
  };
}

/** Logs the event's line (alerting matches on it) and stores it for the office's `Log`. */
export async function recordSecurityEvent(
  context: SecurityEventContext,
  event: SecurityEvent,
  fields: SecurityEventFields = {},
): Promise<void> {
  logSecurityEvent(context.log, event, fields);
  await insertAuditEvent(context.db, toAuditEvent(context, event, fields));
}
