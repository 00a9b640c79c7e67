import type { AuditEventName } from '@maaler/contract';
import { countAuditEvents, deleteAuditEvents, type EventSelection } from '../../db/repositories/retention.ts';
import type { RetentionCutoffs } from './retention-cutoffs.ts';
import type { RetentionRule } from './retention-rule.ts';

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

const loginEvents = (cutoffs: RetentionCutoffs): EventSelection => ({
  before: cutoffs.loginEventsBefore,
  events: LOGIN_EVENTS,
  except: false,
});

/** The rest of the Log is the office's audit trail, kept as long as the readings it concerns. */
const auditTrail = (cutoffs: RetentionCutoffs): EventSelection => ({
  before: cutoffs.auditEventsBefore,
  events: LOGIN_EVENTS,
  except: true,
});

export const loginEventsRule: RetentionRule = {
  kind: 'loginEvents',
  countDue: (db, cutoffs) => countAuditEvents(db, loginEvents(cutoffs)),
  purgeBatch: (db, cutoffs, limit) => deleteAuditEvents(db, loginEvents(cutoffs), limit),
};

export const auditEventsRule: RetentionRule = {
  kind: 'auditEvents',
  countDue: (db, cutoffs) => countAuditEvents(db, auditTrail(cutoffs)),
  purgeBatch: (db, cutoffs, limit) => deleteAuditEvents(db, auditTrail(cutoffs), limit),
};
