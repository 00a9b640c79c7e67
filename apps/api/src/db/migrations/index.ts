import type { Migration } from 'kysely';
import * as initialSchema from './20261122T1900-initial-schema.ts';
import * as revokedTokens from './20261123T0900-revoked-tokens.ts';
import * as readingRoute from './20261124T0900-reading-route.ts';
import * as readingApproval from './20261125T0900-reading-approval.ts';
import * as readingSource from './20261126T0900-reading-source.ts';
import * as meterChange from './20261127T1100-meter-change.ts';
import * as replacedEstimates from './20261128T0900-replaced-estimates.ts';
import * as registerRules from './20261128T1000-register-rules.ts';
import * as dataVersion from './20261128T1100-data-version.ts';
import * as registerReadingsFunction from './20261129T0900-register-readings-function.ts';
import * as meterAddedOn from './20261130T0900-meter-added-on.ts';
import * as serialPerCustomer from './20261130T0900-serial-per-customer.ts';
import * as deviceCredentials from './20261130T1000-device-credentials.ts';
import * as readingReviewFlag from './20261130T1000-reading-review-flag.ts';
import * as mailOutbox from './20261201T0900-mail-outbox.ts';
import * as auditEvents from './20261202T0900-audit-events.ts';
import * as meterResidents from './20261202T0900-meter-residents.ts';
import * as selfReadingLinks from './20261202T0900-self-reading-links.ts';
import * as userDisabledAt from './20261203T0900-user-disabled-at.ts';
import * as selfReadingReminders from './20261203T1000-self-reading-reminders.ts';
import * as selfReadingShortCodes from './20261203T1000-self-reading-short-codes.ts';
import * as selfReadingLinkTokens from './20261203T1100-self-reading-link-tokens.ts';
import * as photos from './20261203T1200-photos.ts';
import * as readingReasons from './20261203T1300-reading-reasons.ts';
import * as tasksAndAccess from './20261203T1400-tasks-and-access.ts';
import * as routeAssignments from './20261204T0900-route-assignments.ts';
import * as controlReadings from './20261204T1000-control-readings.ts';
import * as readingFollowUpTasks from './20261204T1100-reading-follow-up-tasks.ts';
import * as remoteMeters from './20261204T1200-remote-meters.ts';
import * as apiKeys from './20261204T1300-api-keys.ts';
import * as controlReview from './20261205T1200-control-review.ts';

/** Every migration, keyed by its timestamped name; Kysely applies them in name order. */
export const migrations: Record<string, Migration> = {
  '20261122T1900-initial-schema': initialSchema,
  '20261123T0900-revoked-tokens': revokedTokens,
  '20261124T0900-reading-route': readingRoute,
  '20261125T0900-reading-approval': readingApproval,
  '20261126T0900-reading-source': readingSource,
  '20261127T1100-meter-change': meterChange,
  '20261128T0900-replaced-estimates': replacedEstimates,
  '20261128T1000-register-rules': registerRules,
  '20261128T1100-data-version': dataVersion,
  '20261129T0900-register-readings-function': registerReadingsFunction,
  '20261130T0900-meter-added-on': meterAddedOn,
  '20261130T0900-serial-per-customer': serialPerCustomer,
  '20261130T1000-device-credentials': deviceCredentials,
  '20261130T1000-reading-review-flag': readingReviewFlag,
  '20261201T0900-mail-outbox': mailOutbox,
  '20261202T0900-audit-events': auditEvents,
  '20261202T0900-meter-residents': meterResidents,
  '20261202T0900-self-reading-links': selfReadingLinks,
  '20261203T0900-user-disabled-at': userDisabledAt,
  '20261203T1000-self-reading-reminders': selfReadingReminders,
  '20261203T1200-photos': photos,
  '20261203T1300-reading-reasons': readingReasons,
  '20261203T1400-tasks-and-access': tasksAndAccess,
  '20261204T1000-control-readings': controlReadings,
  '20261203T1000-self-reading-short-codes': selfReadingShortCodes,
  '20261203T1100-self-reading-link-tokens': selfReadingLinkTokens,
  '20261204T1100-reading-follow-up-tasks': readingFollowUpTasks,
  '20261204T1200-remote-meters': remoteMeters,
  '20261204T0900-route-assignments': routeAssignments,
  '20261204T1300-api-keys': apiKeys,
  '20261205T1200-control-review': controlReview,
};
