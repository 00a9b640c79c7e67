import { FINISHED_MAIL, SELF_READING_LINKS } from '../../db/repositories/retention.ts';
import { agedRowsRule } from './aged-rows-rule.ts';

/** Sent and failed e-mails; pending ones are still the sender's work and are never due. */
export const outboxRule = agedRowsRule('outbox', FINISHED_MAIL, (cutoffs) => cutoffs.outboxBefore);

/** Self-reading links after their deadline; what was read through them stays as readings. */
export const selfReadingLinksRule = agedRowsRule(
  'selfReadingLinks',
  SELF_READING_LINKS,
  (cutoffs) => cutoffs.selfReadingLinkDeadlineBefore,
);
