import type { BaseLogger } from 'pino';

/**
 * Security events, each one log line with a stable `event` name that alerting can match on. Fields
 * name users by id or e-mail and never carry a password, token or hash.
 */
export type SecurityEvent =
  | 'login.failed'
  | 'login.locked'
  | 'login.succeeded'
  | 'logout'
  | 'device-credential.issued'
  | 'device-credential.exchanged'
  | 'device-credential.refused'
  | 'password.changed'
  | 'password.change-refused'
  | 'password.reset-by-admin'
  | 'password.reset-requested'
  | 'password.reset-refused'
  | 'password.reset-by-link'
  | 'invitation.sent'
  | 'selfreading.link-issued'
  | 'selfreading.refused'
  | 'selfreading.received'
  | 'user.created'
  | 'user.disabled'
  | 'user.enabled'
  | 'user.updated'
  | 'user.deleted'
  | 'user.detached'
  | 'user.unlocked'
  | 'user.promoted'
  | 'access.denied'
  | 'xsrf.refused'
  // The office's bulk operations, each with the account and its counts.
  | 'import.applied'
  | 'export.downloaded'
  | 'estimates.created'
  | 'review.approved'
  | 'review.corrected'
  | 'meter.changed'
  | 'meter.retired'
  | 'setting.changed';

const WARNINGS = new Set<SecurityEvent>([
  'login.failed',
  'login.locked',
  'device-credential.refused',
  'password.change-refused',
  'password.reset-refused',
  'selfreading.refused',
  'access.denied',
  'xsrf.refused',
  // Another administrator: someone who can then create administrators in turn.
  'user.promoted',
]);

export function logSecurityEvent(
  log: Pick<BaseLogger, 'info' | 'warn'>,
  event: SecurityEvent,
  fields: Record<string, string | number | boolean | undefined> = {},
): void {
  const line = { event, ...fields };
  if (WARNINGS.has(event)) log.warn(line, event);
  else log.info(line, event);
}
