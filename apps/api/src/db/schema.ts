import type { MailOutboxCustomersTable, MailOutboxTable } from './schema/mail.ts';
import type {
  DeviceItemsTable,
  DevicesTable,
  GatewaysTable,
  MeterChangeItemsTable,
  MeterChangesTable,
  MeterResidentsTable,
} from './schema/metering.ts';
import type {
  AccountSettingsTable,
  AccountsTable,
  CustomersTable,
  UserAccountsTable,
  UserCustomersTable,
  UsersTable,
} from './schema/organisation.ts';
import type { PhotosTable, ReadingEvidenceTable } from './schema/photos.ts';
import type {
  ControlReadingsTable,
  IdempotencyKeysTable,
  ReadingAuditTable,
  ReadingSkipsTable,
  ReadingsTable,
  ReplacedEstimatesTable,
} from './schema/readings.ts';
import type { RouteAssignmentsTable } from './schema/route-assignments.ts';
import type {
  ApiKeysTable,
  AppSecretsTable,
  AuditEventCustomersTable,
  AuditEventsTable,
  DeviceCredentialsTable,
  LoginThrottleTable,
  PasswordLinksTable,
  RevokedTokensTable,
} from './schema/security.ts';
import type {
  SelfReadingLinksTable,
  SelfReadingLinkTokensTable,
  SelfReadingRemindersTable,
} from './schema/self-reading.ts';
import type { TaskCommentsTable, TasksTable } from './schema/tasks.ts';

export type * from './schema/mail.ts';
export type * from './schema/metering.ts';
export type * from './schema/organisation.ts';
export type * from './schema/photos.ts';
export type * from './schema/readings.ts';
export type * from './schema/route-assignments.ts';
export type * from './schema/security.ts';
export type * from './schema/self-reading.ts';
export type * from './schema/tasks.ts';

/**
 * Table types for Kysely. Flags are stored as 0/1 integers and timestamps as ISO 8601 UTC text on
 * both SQLite and PostgreSQL, so the same queries and the same rows work on both (docs/decisions/002).
 */
export interface Database {
  users: UsersTable;
  customers: CustomersTable;
  accounts: AccountsTable;
  account_settings: AccountSettingsTable;
  user_customers: UserCustomersTable;
  user_accounts: UserAccountsTable;
  gateways: GatewaysTable;
  devices: DevicesTable;
  device_items: DeviceItemsTable;
  meter_changes: MeterChangesTable;
  meter_change_items: MeterChangeItemsTable;
  meter_residents: MeterResidentsTable;
  readings: ReadingsTable;
  control_readings: ControlReadingsTable;
  reading_audit: ReadingAuditTable;
  replaced_estimates: ReplacedEstimatesTable;
  reading_skips: ReadingSkipsTable;
  idempotency_keys: IdempotencyKeysTable;
  login_throttle: LoginThrottleTable;
  app_secrets: AppSecretsTable;
  revoked_tokens: RevokedTokensTable;
  device_credentials: DeviceCredentialsTable;
  mail_outbox: MailOutboxTable;
  mail_outbox_customers: MailOutboxCustomersTable;
  password_links: PasswordLinksTable;
  audit_events: AuditEventsTable;
  api_keys: ApiKeysTable;
  audit_event_customers: AuditEventCustomersTable;
  self_reading_links: SelfReadingLinksTable;
  self_reading_reminders: SelfReadingRemindersTable;
  photos: PhotosTable;
  reading_evidence: ReadingEvidenceTable;
  tasks: TasksTable;
  task_comments: TaskCommentsTable;
  self_reading_link_tokens: SelfReadingLinkTokensTable;
  route_assignments: RouteAssignmentsTable;
}
