import type { AuditEventName } from '@maaler/contract';
import { auditEvents } from '../../db/repositories/retention.ts';
import { agedRowsRule } from './aged-rows-rule.ts';

/** Sign-ins and what stands for them: kept for days (RETENTION_LOGIN_EVENTS_DAYS), not for years. */
export const LOGIN_EVENTS: readonly AuditEventName[] = [
  'login.failed',
  'login.locked',
  'login.succeeded',
  'logout',
  'device-credential.issued',
  'device-credential.exchanged',
  'device-credential.refused',
];

export const loginEventsRule = agedRowsRule(
  'loginEvents',
  auditEvents(LOGIN_EVENTS, false),
  (cutoffs) => cutoffs.loginEventsBefore,
);

/** The rest of the Log is the office's audit trail, kept as long as the readings it concerns. */
export const auditEventsRule = agedRowsRule(
  'auditEvents',
  auditEvents(LOGIN_EVENTS, true),
  (cutoffs) => cutoffs.auditEventsBefore,
);
