import { z } from 'zod/mini';
import { isIsoDate } from './dates.ts';

// Issue 39 (ADR 041): the office's `Log` of security and bulk events. Own file, so only that section loads it.

/**
 * Every security and bulk event with its Danish label in `Log`. The names are stable: alerting matches
 * the log lines on them, and the table keeps them.
 */
export const AUDIT_EVENT_LABELS = {
  'login.failed': 'Mislykket login',
  'login.locked': 'Login spærret',
  'login.succeeded': 'Logget ind',
  logout: 'Logget ud',
  'device-credential.issued': 'Husk mig på en enhed',
  'device-credential.exchanged': 'Logget ind igen fra en enhed',
  'device-credential.refused': 'Enhedslogin afvist',
  'password.changed': 'Adgangskode skiftet',
  'password.change-refused': 'Skift af adgangskode afvist',
  'password.reset-by-admin': 'Adgangskode nulstillet af administrator',
  'password.reset-requested': 'Glemt adgangskode bestilt',
  'password.reset-refused': 'Nulstilling af adgangskode afvist',
  'password.reset-by-link': 'Adgangskode valgt via link',
  'invitation.sent': 'Invitation sendt',
  'selfreading.link-issued': 'Selvaflæsningslink udstedt',
  'selfreading.refused': 'Selvaflæsningslink afvist',
  'selfreading.received': 'Selvaflæsning modtaget',
  'selfreading.invitations-sent': 'Invitationer til selvaflæsning sendt',
  'selfreading.letters-printed': 'Breve til selvaflæsning udskrevet',
  'selfreading.card-printed': 'Kort til selvaflæsning udskrevet',
  'user.created': 'Bruger oprettet',
  'user.disabled': 'Bruger deaktiveret',
  'user.enabled': 'Bruger aktiveret',
  'user.updated': 'Bruger ændret',
  'user.deleted': 'Bruger slettet',
  'user.detached': 'Bruger fjernet fra kunden',
  'user.unlocked': 'Bruger låst op',
  'user.promoted': 'Bruger gjort til administrator',
  'access.denied': 'Adgang nægtet',
  'xsrf.refused': 'Forespørgsel afvist (XSRF)',
  'import.applied': 'Import gemt',
  'api-key.created': 'API-nøgle oprettet',
  'api-key.revoked': 'API-nøgle tilbagekaldt',
  'api-key.refused': 'API-nøgle afvist',
  'export.downloaded': 'Eksport hentet',
  'estimates.created': 'Estimater oprettet',
  'review.approved': 'Målinger godkendt',
  'review.corrected': 'Måling rettet',
  'meter.changed': 'Målerskift',
  'meter.retired': 'Måler taget ud af drift',
  'setting.changed': 'Indstilling ændret',
  'task.opened': 'Opgave oprettet',
  'task.assigned': 'Opgave tildelt',
  'task.commented': 'Opgave kommenteret',
  'task.closed': 'Opgave lukket',
  'route.assigned': 'Aflæser tildelt',
} as const;

export type AuditEventName = keyof typeof AUDIT_EVENT_LABELS;
export const AUDIT_EVENT_NAMES = Object.keys(AUDIT_EVENT_LABELS) as AuditEventName[];

const LogDate = z.string().check(z.refine(isIsoDate, { error: 'Datoen skal være ÅÅÅÅ-MM-DD' }));

/** GET /api/admin/log: page from 1; user, event and the days from/to (Danish calendar days, both included). */
export const AdminLogQuery = z.object({
  page: z.optional(
    z.pipe(z.string().check(z.regex(/^[1-9]\d{0,5}$/)), z.coerce.number<string>().check(z.int())),
  ),
  user: z.optional(z.string().check(z.maxLength(100))),
  event: z.optional(z.enum(AUDIT_EVENT_NAMES as [AuditEventName, ...AuditEventName[]])),
  from: z.optional(LogDate),
  to: z.optional(LogDate),
});
export type AdminLogQuery = z.input<typeof AdminLogQuery>;

/** One event in `Log`; `details` holds small facts (counts, kind, file), never a secret. */
export const AdminLogEntry = z.object({
  id: z.string(),
  at: z.string(),
  event: z.string(),
  userId: z.nullable(z.string()),
  userName: z.nullable(z.string()),
  subjectUserId: z.nullable(z.string()),
  subjectName: z.nullable(z.string()),
  accountName: z.nullable(z.string()),
  // Keys vary by event; a loose object rather than a record keeps zod's record code out of every screen's
  // shared chunk (docs/performance.md). The app shows each value as text.
  details: z.looseObject({}),
});
export type AdminLogEntry = z.infer<typeof AdminLogEntry>;

/** A user of the administrator's customers, for the `Log`'s user filter. */
export const AdminLogUser = z.object({ id: z.string(), name: z.string() });
export type AdminLogUser = z.infer<typeof AdminLogUser>;

export const AdminLogPage = z.object({
  events: z.array(AdminLogEntry),
  users: z.array(AdminLogUser),
  total: z.int().check(z.nonnegative()),
  page: z.int().check(z.positive()),
  pageSize: z.int().check(z.positive()),
});
export type AdminLogPage = z.infer<typeof AdminLogPage>;
