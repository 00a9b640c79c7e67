import type { BaseLogger } from 'pino';
import type { PhotoStore } from '../photos/photo-store.ts';
import { disabledUsersRule } from './disabled-users-rule.ts';
import { auditEventsRule, loginEventsRule } from './event-rules.ts';
import { outboxRule, selfReadingLinksRule } from './message-rules.ts';
import { photosRule } from './photos-rule.ts';
import { controlReadingsRule, readingsRule, replacedEstimatesRule, skipsRule } from './reading-rules.ts';
import type { RetentionRule } from './retention-rule.ts';

/**
 * Every kind the retention job keeps in the database alone, in the order it runs them; a new kind is
 * one rule here. The server and the CLI add `photosRule` with the configured photo store.
 */
export const RETENTION_RULES: readonly RetentionRule[] = [
  readingsRule,
  skipsRule,
  replacedEstimatesRule,
  controlReadingsRule,
  auditEventsRule,
  loginEventsRule,
  selfReadingLinksRule,
  outboxRule,
  disabledUsersRule,
];

/** The rules with the photos' own, which needs the store their files are in. */
export const retentionRulesWith = (store: PhotoStore, log: Pick<BaseLogger, 'info'>): RetentionRule[] => [
  ...RETENTION_RULES,
  photosRule(store, log),
];
