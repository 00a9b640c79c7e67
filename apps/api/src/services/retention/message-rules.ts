import {
  countFinishedMailBefore,
  countSelfReadingLinksBefore,
  deleteFinishedMailBefore,
  deleteSelfReadingLinksBefore,
} from '../../db/repositories/retention.ts';
import type { RetentionRule } from './retention-rule.ts';

/** Sent and failed e-mails; pending ones are still the sender's work and are never due. */
export const outboxRule: RetentionRule = {
  kind: 'outbox',
  countDue: (db, cutoffs) => countFinishedMailBefore(db, cutoffs.outboxBefore),
  purgeBatch: (db, cutoffs, limit) => deleteFinishedMailBefore(db, cutoffs.outboxBefore, limit),
};

/** Self-reading links after their deadline; what was read through them stays as readings. */
export const selfReadingLinksRule: RetentionRule = {
  kind: 'selfReadingLinks',
  countDue: (db, cutoffs) => countSelfReadingLinksBefore(db, cutoffs.selfReadingLinkDeadlineBefore),
  purgeBatch: (db, cutoffs, limit) =>
    deleteSelfReadingLinksBefore(db, cutoffs.selfReadingLinkDeadlineBefore, limit),
};
