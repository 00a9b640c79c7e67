import { randomUUID } from 'node:crypto';
import { AdminLogPage } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuditEvent } from '../../../src/db/repositories/audit-events.ts';
import { insertMails } from '../../../src/db/repositories/mail-outbox.ts';
import { disableUser, enableUser } from '../../../src/db/repositories/users.ts';
import type { Database } from '../../../src/db/schema.ts';
import { inProcessCli } from '../../cli/in-process-cli.ts';
import { capturedLog } from '../../helpers/captured-log.ts';
import {
  type DemoIds,
  type DemoMeter,
  demoIdsOf,
  soparken1Meters,
  userIdOf,
} from '../../helpers/demo-fixtures.ts';
import { meterHistory } from '../../helpers/reading-requests.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';
import { onPostgres } from '../../helpers/test-store.ts';
import { insertTestUser } from '../../helpers/test-users.ts';

/**
 * The retention job (issue 39, ADR 042) on the demo data plus rows on both sides of every boundary, at
 * the default periods and 22 November 2026: readings before 2021-01-01, the audit trail before
 * 2021-01-01 in Copenhagen (2020-12-31T23:00Z), sign-in events and finished e-mails before
 * 2026-08-24T10:00Z (90 days), links whose deadline is before 2026-10-23 (30 days), users disabled
 * before 2025-11-22T10:00Z (365 days). A row exactly on a boundary is kept.
 */
const NOW = new Date('2026-11-22T10:00:00Z');
const NINETY_DAYS_AGO = '2026-08-24T10:00:00.000Z';
const JUST_BEFORE_NINETY_DAYS = '2026-08-24T09:59:59.999Z';

/** What a run finds due in the fixture below (and deletes, when it is no dry run). */
const DUE = {
  readings: 1,
  readingSkips: 1,
  replacedEstimates: 1,
  controlReadings: 1,
  auditEvents: 1,
  loginEvents: 1,
  selfReadingLinks: 1,
  outbox: 2,
  disabledUsers: 1,
};
const NOTHING = Object.fromEntries(Object.keys(DUE).map((kind) => [kind, 0]));

const TABLES = [
  'users',
  'readings',
  'reading_audit',
  'reading_skips',
  'replaced_estimates',
  'control_readings',
  'audit_events',
  'audit_event_customers',
  'self_reading_links',
  'self_reading_reminders',
  'mail_outbox',
  'mail_outbox_customers',
  'device_credentials',
  'password_links',
  'user_customers',
  'user_accounts',
  'devices',
  'device_items',
] as const;

/** Every row of the tables the job could touch, to compare before and after. */
async function snapshot(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    result[table] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

describe('retention job', () => {
  const clock = testClock(NOW);
  const log = capturedLog();
  let t: TestApp;
  let ids: DemoIds;
  let heat: DemoMeter;
  let teknikerId: string;
  let adminId: string;
  let formerId: string;
  let recentlyDisabledId: string;
  let enabledAgainId: string;
  let demoDryRun: { code: number; out: string };
  const due: Record<string, string> = {};
  const kept: Record<string, string> = {};
  let beforeRun: Record<string, string[]>;

  const insertReading = async (date: string, by: string) => {
    const row = await t.database.db
      .insertInto('readings')
      .values({
        device_item_id: heat.items.Energi as number,
        date_record: date,
        value: '100',
        registered_at: `${date}T08:00:00.000Z`,
        registered_by: by,
        plausibility_override: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('reading_audit')
      .values({
        reading_id: row.id,
        old_value: null,
        new_value: '100',
        changed_at: `${date}T08:00:00.000Z`,
        changed_by: by,
        plausibility_override: 0,
      })
      .execute();
    return String(row.id);
  };
  const insertSkip = async (day: string) => {
    const row = await t.database.db
      .insertInto('reading_skips')
      .values({
        account_id: heat.accountId,
        gateway_id: heat.gatewayId,
        device_id: heat.deviceId,
        reason: 'Ingen adgang',
        note: null,
        skipped_on: day,
        created_by: teknikerId,
        created_at: `${day}T08:00:00.000Z`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  };
  const insertReplacedEstimate = async (day: string) => {
    const row = await t.database.db
      .insertInto('replaced_estimates')
      .values({
        device_item_id: heat.items.Volumen as number,
        date_record: day,
        value: '5',
        estimated_at: `${day}T08:00:00.000Z`,
        estimated_by: adminId,
        replaced_at: `${day}T09:00:00.000Z`,
        replaced_by: teknikerId,
        replacing_date: day,
        replacing_value: '6',
        replacing_source: 'web',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  };
  const insertControlReading = async (day: string) => {
    const row = await t.database.db
      .insertInto('control_readings')
      .values({
        device_item_id: heat.items.Volumen as number,
        date_record: day,
        value: '7',
        registered_at: `${day}T08:00:00.000Z`,
        registered_by: teknikerId,
        source: 'web',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  };
  const insertEvent = async (event: string, at: string, subjectUserId: string | null = null) => {
    const id = randomUUID();
    await insertAuditEvent(t.database.db, {
      id,
      at: new Date(at),
      event,
      userId: adminId,
      subjectUserId,
      subjectEmail: null,
      accountId: subjectUserId ? null : heat.accountId,
      details: {},
    });
    return id;
  };
  const insertLink = async (deadline: string) => {
    const id = randomUUID();
    await t.database.db
      .insertInto('self_reading_links')
      .values({
        id,
        token_hash: randomUUID(),
        device_id: heat.deviceId,
        account_id: heat.accountId,
        period_start: '2026-09-01',
        period_end: '2026-09-30',
        deadline,
        recipient_email: 'beboer@eksempel.dk',
        created_at: '2026-09-01T08:00:00.000Z',
        created_by: adminId,
      })
      .execute();
    await t.database.db
      .insertInto('self_reading_reminders')
      .values({ link_id: id, step: 'before-deadline', sent_at: '2026-10-01T08:00:00.000Z' })
      .execute();
    return id;
  };
  const insertOutboxMail = async (recipient: string, status: 'pending' | 'sent' | 'failed', at: string) => {
    const id = randomUUID();
    await insertMails(t.database.db, [
      {
        id,
        recipient,
        subject: 'Emne',
        text: 'Tekst',
        html: '<p>Tekst</p>',
        customerIds: [ids.customers.soparken],
        now: new Date(at),
      },
    ]);
    await t.database.db.updateTable('mail_outbox').set({ status }).where('id', '=', id).execute();
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock, logger: log.logger });
    const db = t.database.db;
    ids = await demoIdsOf(db);
    ({ heat } = await soparken1Meters(db));
    teknikerId = await userIdOf(db, 'tekniker@eksempel.dk');
    adminId = await userIdOf(db, 'admin@eksempel.dk');
    demoDryRun = await inProcessCli(() => db)('retention', '--dry-run');

    due.reading = await insertReading('2020-12-31', teknikerId);
    kept.reading = await insertReading('2021-01-01', teknikerId);
    due.skip = await insertSkip('2020-12-31');
    kept.skip = await insertSkip('2021-01-01');
    due.estimate = await insertReplacedEstimate('2020-12-31');
    kept.estimate = await insertReplacedEstimate('2021-01-01');
    due.control = await insertControlReading('2020-12-31');
    kept.control = await insertControlReading('2021-01-01');
    due.auditEvent = await insertEvent('import.applied', '2020-12-31T22:59:59.999Z');
    kept.auditEvent = await insertEvent('import.applied', '2020-12-31T23:00:00.000Z');
    // Not a sign-in: kept for years, not 90 days.
    kept.oldBulkEvent = await insertEvent('review.approved', JUST_BEFORE_NINETY_DAYS);
    due.loginEvent = await insertEvent('login.succeeded', JUST_BEFORE_NINETY_DAYS);
    kept.loginEvent = await insertEvent('login.succeeded', NINETY_DAYS_AGO);
    due.link = await insertLink('2026-10-22');
    kept.link = await insertLink('2026-10-23');
    due.sentMail = await insertOutboxMail('a@eksempel.dk', 'sent', JUST_BEFORE_NINETY_DAYS);
    due.failedMail = await insertOutboxMail('b@eksempel.dk', 'failed', JUST_BEFORE_NINETY_DAYS);
    kept.pendingMail = await insertOutboxMail('c@eksempel.dk', 'pending', '2026-01-01T00:00:00.000Z');
    kept.sentMail = await insertOutboxMail('d@eksempel.dk', 'sent', NINETY_DAYS_AGO);

    const member = { role: 0, customerIds: [ids.customers.soparken], accountIds: [ids.accounts.soparken1] };
    formerId = await insertTestUser(db, { ...member, email: 'Fie.Flytter@eksempel.dk', name: 'Fie Flytter' });
    recentlyDisabledId = await insertTestUser(db, { ...member, email: 'bo@eksempel.dk', name: 'Bo Bliver' });
    enabledAgainId = await insertTestUser(db, { ...member, email: 'eva@eksempel.dk', name: 'Eva Igen' });
    kept.formerReading = await insertReading('2026-09-15', formerId);
    await db
      .insertInto('device_credentials')
      .values({
        id: randomUUID(),
        user_id: formerId,
        secret_hash: 'hash',
        token_version: 0,
        session_started_at: '2025-10-01T08:00:00.000Z',
        expires_at: '2025-10-02T08:00:00.000Z',
        created_at: '2025-10-01T08:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('password_links')
      .values({
        token_hash: randomUUID(),
        user_id: formerId,
        purpose: 'reset',
        expires_at: '2025-10-01T09:00:00.000Z',
        created_at: '2025-10-01T08:00:00.000Z',
      })
      .execute();
    due.formerMail = await insertOutboxMail('fie.flytter@eksempel.dk', 'sent', '2026-11-01T08:00:00.000Z');
    kept.disabledEvent = await insertEvent('user.disabled', '2025-11-01T10:00:00.000Z', formerId);
    await disableUser(db, formerId, '2025-11-01T10:00:00.000Z');
    await disableUser(db, recentlyDisabledId, '2025-11-22T10:00:00.000Z');
    await disableUser(db, enabledAgainId, '2025-01-01T10:00:00.000Z');
    await enableUser(db, enabledAgainId, '2026-01-01T10:00:00.000Z');
    // A second disabling keeps the first time.
    await disableUser(db, formerId, '2026-11-01T10:00:00.000Z');
    beforeRun = await snapshot(db);
  });
  afterAll(async () => t?.close());

  it('finds nothing due in the demo data (the CLI’s dry run)', () => {
    expect(demoDryRun.code).toBe(0);
    expect(demoDryRun.out).toMatch(/^Dry run: due now \(nothing changed\)/);
    for (const kind of Object.keys(DUE)) expect(demoDryRun.out).toMatch(new RegExp(`^  ${kind} +0$`, 'm'));
  });

  it('counts in a dry run what is due, and changes nothing', async () => {
    const run = await t.app.runRetention({ dryRun: true });
    expect(run).toMatchObject({ dryRun: true, skipped: false, counts: DUE });
    expect(await snapshot(t.database.db)).toEqual(beforeRun);
  });

  it('deletes what is due, the same rows the dry run counted, and nothing else', async () => {
    const db = t.database.db;
    const run = await t.app.runRetention({ dryRun: false });
    expect(run).toMatchObject({ dryRun: false, skipped: false, counts: DUE });

    const after = await snapshot(db);
    const removed = (table: string) => (beforeRun[table] ?? []).filter((row) => !after[table]?.includes(row));
    const added = (table: string) => (after[table] ?? []).filter((row) => !beforeRun[table]?.includes(row));
    const idsOf = (rows: string[], key = 'id') => rows.map((row) => String(JSON.parse(row)[key])).sort();

    expect(idsOf(removed('readings'))).toEqual([due.reading]);
    expect(idsOf(removed('reading_audit'), 'reading_id')).toEqual([due.reading]);
    expect(idsOf(removed('reading_skips'))).toEqual([due.skip]);
    expect(idsOf(removed('replaced_estimates'))).toEqual([due.estimate]);
    expect(idsOf(removed('control_readings'))).toEqual([due.control]);
    expect(idsOf(removed('audit_events'))).toEqual([due.auditEvent, due.loginEvent].sort());
    expect(idsOf(removed('audit_event_customers'), 'event_id')).toEqual(
      [due.auditEvent, due.loginEvent].sort(),
    );
    expect(idsOf(removed('self_reading_links'))).toEqual([due.link]);
    expect(idsOf(removed('self_reading_reminders'), 'link_id')).toEqual([due.link]);
    expect(idsOf(removed('mail_outbox'))).toEqual([due.sentMail, due.failedMail, due.formerMail].sort());
    expect(idsOf(removed('device_credentials'), 'user_id')).toEqual([formerId]);
    expect(idsOf(removed('password_links'), 'user_id')).toEqual([formerId]);
    // The anonymised user is the one changed row of users; nothing else changed anywhere.
    expect(idsOf(removed('users'))).toEqual([formerId]);
    expect(idsOf(added('users'))).toEqual([formerId]);
    for (const table of TABLES) if (table !== 'users') expect(added(table), table).toEqual([]);
    for (const table of ['user_customers', 'user_accounts', 'devices', 'device_items']) {
      expect(removed(table), table).toEqual([]);
    }
  });

  it('keeps a disabled user’s readings and names them `Tidligere bruger` where a name is shown', async () => {
    const db = t.database.db;
    const former = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', formerId)
      .executeTakeFirstOrThrow();
    expect(former).toMatchObject({
      name: 'Tidligere bruger',
      email: `tidligere-bruger-${formerId}@anonymiseret.invalid`,
      password_hash: '',
      disabled: 1,
      disabled_at: '2025-11-01T10:00:00.000Z',
      anonymised_at: NOW.toISOString(),
    });
    const recent = await db
      .selectFrom('users')
      .select(['name', 'email', 'anonymised_at'])
      .where('id', '=', recentlyDisabledId)
      .executeTakeFirstOrThrow();
    expect(recent).toEqual({ name: 'Bo Bliver', email: 'bo@eksempel.dk', anonymised_at: null });
    // Enabling forgets the disabling: a user disabled long ago and enabled again keeps their data.
    const enabledAgain = await db
      .selectFrom('users')
      .select(['name', 'disabled_at', 'anonymised_at'])
      .where('id', '=', enabledAgainId)
      .executeTakeFirstOrThrow();
    expect(enabledAgain).toEqual({ name: 'Eva Igen', disabled_at: null, anonymised_at: null });

    const admin = await t.login('admin@eksempel.dk');
    const history = await meterHistory(t, admin, heat.accountId, heat);
    const formerReading = history.find((entry) => entry.DateRecord === '2026-09-15');
    expect(formerReading).toMatchObject({ Value: '100', RegisteredBy: 'Tidligere bruger' });

    const logRes = await t.inject({ method: 'GET', url: '/api/admin/log?event=user.disabled', token: admin });
    expect(logRes.statusCode).toBe(200);
    const page = AdminLogPage.parse(logRes.json());
    expect(page.events.find((event) => event.id === kept.disabledEvent)).toMatchObject({
      subjectName: 'Tidligere bruger',
    });
    expect(JSON.stringify(page)).not.toContain('Fie Flytter');
  });

  it('is safe to run twice: the second run finds nothing and changes nothing', async () => {
    const before = await snapshot(t.database.db);
    expect(await t.app.runRetention({ dryRun: true })).toMatchObject({ counts: NOTHING });
    expect(await t.app.runRetention({ dryRun: false })).toMatchObject({ counts: NOTHING });
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('writes one log line per run with the counts, the dry-run flag and the duration', () => {
    const lines = log.events('retention.run');
    expect(lines.map((line) => line.dryRun)).toEqual([true, false, true, false]);
    expect(lines[1]).toMatchObject({ counts: DUE, skipped: false, msg: 'retention run' });
    for (const line of lines) expect(line.durationMs).toEqual(expect.any(Number));
  });

  it.runIf(onPostgres())('does nothing while another instance holds the lock (PostgreSQL)', async () => {
    await t.database.db.connection().execute(async (other) => {
      await sql`select pg_advisory_lock(42042)`.execute(other);
      try {
        expect(await t.app.runRetention({ dryRun: false })).toMatchObject({ skipped: true, counts: {} });
      } finally {
        await sql`select pg_advisory_unlock(42042)`.execute(other);
      }
    });
    expect(await t.app.runRetention({ dryRun: true })).toMatchObject({ skipped: false, counts: NOTHING });
  });
});
