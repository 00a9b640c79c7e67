import { disabledUsersRule } from './disabled-users-rule.ts';
import { auditEventsRule, loginEventsRule } from './event-rules.ts';
import { outboxRule, selfReadingLinksRule } from './message-rules.ts';
import { readingsRule, replacedEstimatesRule, skipsRule } from './reading-rules.ts';
import type { RetentionRule } from './retention-rule.ts';

/**
 * Every kind the retention job keeps for a while, in the order it runs them. A new kind is one rule
 * here: photos (PHOTO_RETENTION_DAYS, `cutoffs.photosBefore`) add a `photosRule` that deletes the rows
 * of `photos` taken before it, with their files.
 */
export const RETENTION_RULES: readonly RetentionRule[] = [
  readingsRule,
  skipsRule,
  replacedEstimatesRule,
  auditEventsRule,
  loginEventsRule,
  selfReadingLinksRule,
  outboxRule,
  disabledUsersRule,
];
