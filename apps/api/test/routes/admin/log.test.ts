import { randomUUID } from 'node:crypto';
import { AdminLogPage, ImportResult, LOG_PAGE_SIZE } from '@maaler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuditEvent, selectEventsAboutUser } from '../../../src/db/repositories/audit-events.ts';
import { approve, reviewList } from '../../helpers/admin-requests.ts';
import { type DemoIds, demoIdsOf, soparken1Meters, userIdOf } from '../../helpers/demo-fixtures.ts';
import { postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { createTestApp, type TestApp, testClock } from '../../helpers/test-app.ts';
import { insertTestUser } from '../../helpers/test-users.ts';

const csv = (text: string) => ({
  format: 'csv' as const,
  data: Buffer.from(`${text}\r\n`).toString('base64'),
});

/**
 * The office's `Log` (issue 39, ADR 041): every security and bulk event is stored with the customers it
 * concerns, and an administrator reads only those of their own customers.
 */
describe('GET /api/admin/log', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  let t: TestApp;
  let ids: DemoIds;
  let admin: string;
  let adminId: string;
  let kundeId: string;
  let kloverId: string;
  let kloverAdmin: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    clock.set(new Date('2026-12-03T10:00:00Z'));
    ids = await demoIdsOf(t.database.db);
    admin = await t.login('admin@eksempel.dk');
    adminId = await userIdOf(t.database.db, 'admin@eksempel.dk');
    kundeId = await userIdOf(t.database.db, 'kunde@eksempel.dk');
    kloverId = await userIdOf(t.database.db, 'klover@eksempel.dk');
    await insertTestUser(t.database.db, {
      email: 'admin-klover@eksempel.dk',
      role: 1,
      customerIds: [ids.customers.klover],
      accountIds: [],
    });
    kloverAdmin = await t.login('admin-klover@eksempel.dk');
  });
  afterAll(async () => t.close());

  const logPage = async (query = '', token = admin) => {
    const res = await t.inject({ method: 'GET', url: `/api/admin/log${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return AdminLogPage.parse(res.json());
  };
  const storedCount = async (event: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('event', '=', event)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('shows a sign-in with whom it is about, newest first; other roles get 403', async () => {
    // The test clock stands still; a minute later makes this sign-in the newest event.
    clock.set(new Date('2026-12-03T10:01:00Z'));
    const kunde = await t.login('kunde@eksempel.dk');
    const page = await logPage();
    const first = page.events[0];
    expect(first).toMatchObject({
      event: 'login.succeeded',
      // Nobody was signed in yet: the user who signs in did it.
      userId: kundeId,
      subjectUserId: kundeId,
      subjectName: expect.any(String),
    });
    const times = page.events.map((event) => event.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.users.map((user) => user.id)).toContain(kundeId);
    expect(page.users.map((user) => user.id)).not.toContain(kloverId);
    expect((await t.inject({ method: 'GET', url: '/api/admin/log', token: kunde })).statusCode).toBe(403);
  });

  it('shows a user change by the administrator about the user', async () => {
    const nyId = await userIdOf(t.database.db, 'ny@eksempel.dk');
    const res = await t.inject({
      method: 'POST',
      url: `/api/admin/users/${nyId}`,
      token: admin,
      payload: { name: 'Ny Nielsen', role: 2, accountIds: [ids.accounts.soparken1] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [updated] = (await logPage('?event=user.updated')).events;
    expect(updated).toMatchObject({
      event: 'user.updated',
      userId: adminId,
      subjectUserId: nyId,
      subjectName: 'Ny Nielsen',
      details: { role: 2 },
    });
  });

  it('shows an import, an export and an approval with their account and counts', async () => {
    const meters = await soparken1Meters(t.database.db);
    const file = csv(
      [
        'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed',
        'Logvej 1;;Varme 7;LOG-001;Varme;Energi;kWh',
      ].join('\r\n'),
    );
    const imported = await t.inject({
      method: 'POST',
      url: `/api/admin/import/${meters.soparken1}/meters?mode=apply`,
      token: admin,
      payload: file,
    });
    expect(ImportResult.parse(imported.json()).applied).toBe(true);
    const exported = await t.inject({
      method: 'GET',
      url: `/api/admin/export/${meters.soparken1}?date=2026-09-15&format=csv`,
      token: admin,
    });
    expect(exported.statusCode).toBe(200);
    const sent = await postReadings(t, {
      token: admin,
      accountId: meters.soparken1,
      payload: [readingOf(meters.heat, 'Volumen', '11/10/2026', '99999', { plausibilityOverride: true })],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [toReview] = await reviewList(t, admin, meters.soparken1);
    if (!toReview) throw new Error('a reading to review');
    expect((await approve(t, admin, meters.soparken1, [toReview.ReadingId])).statusCode).toBe(200);

    const events = (await logPage()).events;
    const accountName = 'Søparken afdeling 1';
    expect(events.find((e) => e.event === 'import.applied')).toMatchObject({
      userId: adminId,
      accountName,
      details: { kind: 'meters', rows: 1, created: 1 },
    });
    expect(events.find((e) => e.event === 'export.downloaded')).toMatchObject({
      accountName,
      details: { file: 'aflaesninger', format: 'csv' },
    });
    expect(events.find((e) => e.event === 'review.approved')).toMatchObject({
      accountName,
      details: { requested: 1, count: 1 },
    });
  });

  it('stores no event for a change that was rolled back', async () => {
    const meters = await soparken1Meters(t.database.db);
    const approvals = await storedCount('review.approved');
    const imports = await storedCount('import.applied');
    const sent = await postReadings(t, {
      token: admin,
      accountId: meters.soparken1,
      payload: [readingOf(meters.heat, 'Energi', '11/10/2026', '100', { plausibilityOverride: true })],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [toReview] = await reviewList(t, admin, meters.soparken1);
    if (!toReview) throw new Error('a reading to review');
    // One unknown reading id refuses the whole approval (404): nothing approved, nothing recorded.
    const refused = await approve(t, admin, meters.soparken1, [toReview.ReadingId, 999_999_999]);
    expect(refused.statusCode).toBe(404);
    expect((await reviewList(t, admin, meters.soparken1)).map((r) => r.ReadingId)).toContain(
      toReview.ReadingId,
    );
    // A file with a bad row stores nothing.
    const bad = await t.inject({
      method: 'POST',
      url: `/api/admin/import/${meters.soparken1}/meters?mode=apply`,
      token: admin,
      payload: csv('Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed\r\n;;;;;;'),
    });
    expect(ImportResult.parse(bad.json()).applied).toBe(false);
    expect(await storedCount('review.approved')).toBe(approvals);
    expect(await storedCount('import.applied')).toBe(imports);
  });

  it('stores an estimate run once, also when the client repeats it with the same Idempotency-Key', async () => {
    const meters = await soparken1Meters(t.database.db);
    const before = await storedCount('estimates.created');
    const send = () =>
      t.inject({
        method: 'POST',
        url: `/api/admin/estimates/${meters.soparken1}`,
        token: admin,
        headers: { 'idempotency-key': 'log-test-estimates-1' },
        payload: { date: '2026-11-15', deviceItemIds: [meters.coldWater.items.Volumen ?? 0] },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send();
    expect(again.body).toBe(first.body);
    expect(await storedCount('estimates.created')).toBe(before + 1);
  });

  it('shows each administrator only the events of their own customers', async () => {
    await t.login('klover@eksempel.dk');
    const failed = await t.attemptLogin('ingen@eksempel.dk', 'Forkert_kodeord_1');
    expect(failed.statusCode).toBe(200);
    expect(await storedCount('login.failed')).toBeGreaterThan(0);

    const mine = (await logPage()).events;
    expect(mine.some((e) => e.subjectUserId === kloverId)).toBe(false);
    expect(mine.some((e) => e.event === 'login.failed')).toBe(false);
    // Another tenant's user as a filter finds nothing; it is no error either.
    expect((await logPage(`?user=${kloverId}`)).events).toEqual([]);

    const theirs = (await logPage('', kloverAdmin)).events;
    expect(theirs.some((e) => e.subjectUserId === kloverId && e.event === 'login.succeeded')).toBe(true);
    expect(theirs.some((e) => e.subjectUserId === kundeId || e.userId === adminId)).toBe(false);
  });

  it('filters by user, event and Danish days, and pages 50 at a time', async () => {
    const byKunde = (await logPage(`?user=${kundeId}`)).events;
    expect(byKunde.length).toBeGreaterThan(0);
    expect(byKunde.every((e) => e.userId === kundeId || e.subjectUserId === kundeId)).toBe(true);
    const logins = (await logPage('?event=login.succeeded')).events;
    expect(logins.length).toBeGreaterThan(0);
    expect(logins.every((e) => e.event === 'login.succeeded')).toBe(true);

    // 3 December 2026 in Copenhagen runs from 2 December 23:00 UTC until 3 December 23:00 UTC.
    expect((await logPage('?from=2026-12-03&to=2026-12-03')).total).toBe((await logPage()).total);
    expect((await logPage('?from=2026-12-04')).events).toEqual([]);
    expect((await logPage('?to=2026-12-02')).events).toEqual([]);
    const late = new Date('2026-12-03T23:30:00Z');
    await insertAuditEvent(t.database.db, {
      id: randomUUID(),
      at: late,
      event: 'logout',
      userId: kundeId,
      subjectUserId: kundeId,
      subjectEmail: null,
      accountId: null,
      details: {},
    });
    expect((await logPage('?from=2026-12-04&to=2026-12-04')).events.map((e) => e.at)).toEqual([
      late.toISOString(),
    ]);

    for (let i = 0; i < LOG_PAGE_SIZE; i++) {
      await insertAuditEvent(t.database.db, {
        id: randomUUID(),
        at: new Date(Date.UTC(2026, 11, 1, 8, 0, i)),
        event: 'export.downloaded',
        userId: adminId,
        subjectUserId: null,
        subjectEmail: null,
        accountId: ids.accounts.soparken1,
        details: { rows: i },
      });
    }
    const first = await logPage('?event=export.downloaded');
    expect(first.total).toBe(LOG_PAGE_SIZE + 1);
    expect(first.events).toHaveLength(LOG_PAGE_SIZE);
    const second = await logPage('?event=export.downloaded&page=2');
    expect(second.events).toHaveLength(1);
    expect(second.events[0]?.details).toEqual({ rows: 0 });
  });

  it('gives `Mine data` every event done by or about one user', async () => {
    const events = await selectEventsAboutUser(t.database.db, kundeId);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.user_id === kundeId || e.subject_user_id === kundeId)).toBe(true);
  });
});
