import {
  AdminLogPage,
  ASSIGNMENT_ERRORS,
  AssignReaderResponse,
  type ReadingStatus,
  RouteAssignments,
} from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  CUSTOMER_NAMES,
  customerIdOf,
  KLOVER_METER,
  meterOf,
  userIdOf,
} from '../../helpers/demo-fixtures.ts';
import { postReadings } from '../../helpers/reading-requests.ts';
import { postSkip, readingStatus } from '../../helpers/route-requests.ts';
import { testClock } from '../../helpers/test-app.ts';
import { insertTestUser } from '../../helpers/test-users.ts';

// `Tildel aflæser` (issue 37, ADR 048): the office gives parts of the route to meter readers for a
// period; a reader's route marks them `mine`, another reader may read but not skip them, and a
// reassignment moves only what is still `Mangler`.

const HYBENVEJ = 'Rækkehusene, Hybenvej';

describe('route assignments (Tildel aflæser)', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({
    clock,
    signIn: ['tekniker', 'admin', 'klover', 'kunde'],
    cleanUp: ['skips', 'new-readings'],
  });

  const ids = async () => {
    const db = t.database.db;
    const norrevang = await accountIdOf(db, ACCOUNT_NAMES.norrevang);
    const hyb1 = await meterOf(db, HYBENVEJ, 'Hybenvej 1');
    const hyb3 = await meterOf(db, HYBENVEJ, 'Hybenvej 3');
    const hyb5 = await meterOf(db, HYBENVEJ, 'Hybenvej 5');
    return {
      norrevang,
      hyb1,
      hyb3,
      hyb5,
      tekniker: await userIdOf(db, 'tekniker@eksempel.dk'),
      klover: await userIdOf(db, 'klover@eksempel.dk'),
      kunde: await userIdOf(db, 'kunde@eksempel.dk'),
    };
  };
  let secondReader: { id: string; token: string } | undefined;
  /** A second meter reader on the Nørrevang account, made once. */
  const second = async () => {
    if (secondReader) return secondReader;
    const db = t.database.db;
    const id = await insertTestUser(db, {
      email: 'aflaeser2@eksempel.dk',
      name: 'Anden Aflæser',
      role: 0,
      customerIds: [await customerIdOf(db, CUSTOMER_NAMES.norrevang)],
      accountIds: [await accountIdOf(db, ACCOUNT_NAMES.norrevang)],
    });
    secondReader = { id, token: await t.login('aflaeser2@eksempel.dk') };
    return secondReader;
  };
  const clear = () => t.database.db.deleteFrom('route_assignments').execute();

  const assign = (accountId: string, payload: object, token = t.admin) =>
    t.inject({ method: 'POST', url: `/api/admin/routeassignments/${accountId}`, token, payload });
  const assigned = async (accountId: string, payload: object) => {
    const res = await assign(accountId, payload);
    expect(res.statusCode, res.body).toBe(200);
    return AssignReaderResponse.parse(res.json());
  };
  const overview = async (accountId: string, query = '') => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/admin/routeassignments/${accountId}${query}`,
      token: t.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return RouteAssignments.parse(res.json());
  };
  const marks = (status: ReadingStatus, gatewayName = HYBENVEJ) =>
    status.gateways.find((g) => g.Name === gatewayName)?.DeviceList.map((d) => d.Assigned ?? null) ?? [];
  const skipNoAccess = (token: string, accountId: string, meter: { gatewayId: number; deviceId: number }) =>
    postSkip(t, {
      token,
      accountId,
      payload: { gatewayId: meter.gatewayId, deviceId: meter.deviceId, reason: 'Ingen adgang' },
    });
  const readOne = async (token: string, meter: Awaited<ReturnType<typeof ids>>['hyb1']) => {
    const status = await readingStatus(t, token, meter.accountId);
    const point = status.gateways.flatMap((g) => g.DeviceList).find((d) => d.DeviceId === meter.deviceId)
      ?.DeviceItemList[0];
    if (!point) throw new Error('meter not on the route');
    const res = await postReadings(t, {
      token,
      accountId: meter.accountId,
      payload: [
        {
          gatewayId: meter.gatewayId,
          deviceId: meter.deviceId,
          deviceItemId: point.DeviceItemId,
          dateRecord: '11/22/2026',
          value: (Number((point.LastValue ?? '0').replace(',', '.')) + 1).toFixed(3),
          plausibilityOverride: true,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('leaves the route as it was while nothing is assigned', async () => {
    await clear();
    const { norrevang, tekniker, kunde } = await ids();
    const status = await readingStatus(t, t.tekniker, norrevang);
    expect(status.gateways.flatMap((g) => g.DeviceList).every((d) => d.Assigned === undefined)).toBe(true);
    const view = await overview(norrevang);
    expect(view.Progress).toEqual([]);
    expect(view.period).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    // Meter readers only: not the administrator, not customer users.
    const readerIds = view.Readers.map((r) => r.Id);
    expect(readerIds).toContain(tekniker);
    expect(readerIds).not.toContain(kunde);
    expect(readerIds).not.toContain(await userIdOf(t.database.db, 'admin@eksempel.dk'));
    expect(view.Gateways.flatMap((g) => g.Meters).every((m) => m.ReaderId === null && m.StillMissing)).toBe(
      true,
    );
  });

  it('gives a location to a reader: their route marks it mine, another reader sees it as other', async () => {
    await clear();
    const { norrevang, hyb1, tekniker } = await ids();
    const other = await second();
    const answer = await assigned(norrevang, { GatewayId: hyb1.gatewayId, ReaderId: tekniker });
    expect(answer).toMatchObject({ Moved: 50, Kept: 0 });

    const mine = marks(await readingStatus(t, t.tekniker, norrevang));
    expect(mine).toHaveLength(50);
    expect(new Set(mine)).toEqual(new Set(['mine']));
    expect(new Set(marks(await readingStatus(t, other.token, norrevang)))).toEqual(new Set(['other']));
    // Only that location: the account's other meters stay unassigned.
    const rest = (await readingStatus(t, t.tekniker, norrevang)).gateways.filter((g) => g.Name !== HYBENVEJ);
    expect(rest.flatMap((g) => g.DeviceList).every((d) => d.Assigned === undefined)).toBe(true);

    const progress = (await overview(norrevang)).Progress;
    expect(progress).toEqual([
      expect.objectContaining({ ReaderId: tekniker, Read: 0, Skipped: 0, Missing: progress[0]?.Assigned }),
    ]);
    expect(progress[0]?.Assigned).toBeGreaterThanOrEqual(50);

    const log = await t.inject({ method: 'GET', url: '/api/admin/log?event=route.assigned', token: t.admin });
    expect(AdminLogPage.parse(log.json()).events.length).toBeGreaterThanOrEqual(1);
  });

  it('lets another reader read an assigned meter but not skip it; the assigned reader and the office may skip', async () => {
    await clear();
    const { norrevang, hyb1, hyb3, hyb5, tekniker } = await ids();
    const other = await second();
    await assigned(norrevang, { GatewayId: hyb1.gatewayId, ReaderId: tekniker });

    await readOne(other.token, hyb1);
    const refused = await skipNoAccess(other.token, norrevang, hyb3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ Message: ASSIGNMENT_ERRORS.assignedToAnother });
    expect(
      await t.database.db
        .selectFrom('reading_skips')
        .select('id')
        .where('device_id', '=', hyb3.deviceId)
        .execute(),
    ).toEqual([]);

    for (const [token, meter] of [
      [t.tekniker, hyb3],
      [t.admin, hyb5],
    ] as const) {
      const res = await skipNoAccess(token, norrevang, meter);
      expect(res.statusCode, res.body).toBe(200);
    }
    const [progress] = (await overview(norrevang)).Progress;
    expect(progress).toMatchObject({ ReaderId: tekniker, Read: 1, Skipped: 2 });
  });

  it('moves only what is still Mangler when a location is given to another reader mid-period', async () => {
    await clear();
    const { norrevang, hyb1, hyb3, tekniker } = await ids();
    const other = await second();
    await assigned(norrevang, { GatewayId: hyb1.gatewayId, ReaderId: tekniker });
    await readOne(t.tekniker, hyb1);
    const skip = await skipNoAccess(t.tekniker, norrevang, hyb3);
    expect(skip.statusCode).toBe(200);

    expect(await assigned(norrevang, { GatewayId: hyb1.gatewayId, ReaderId: other.id })).toMatchObject({
      Moved: 48,
      Kept: 2,
    });
    const view = await overview(norrevang);
    const meters = view.Gateways.find((g) => g.Name === HYBENVEJ)?.Meters ?? [];
    expect(meters.find((m) => m.DeviceId === hyb1.deviceId)?.ReaderId).toBe(tekniker);
    expect(meters.find((m) => m.DeviceId === hyb3.deviceId)?.ReaderId).toBe(tekniker);
    expect(meters.filter((m) => m.ReaderId === other.id)).toHaveLength(48);
    const byReader = new Map(view.Progress.map((p) => [p.ReaderId, p]));
    expect(byReader.get(tekniker)).toMatchObject({ Read: 1, Skipped: 1, Missing: 0 });
    expect(byReader.get(other.id)).toMatchObject({ Read: 0, Skipped: 0 });

    // The new reader's route: the moved meters are theirs, the ones read or skipped the first reader's.
    const theirs = (await readingStatus(t, other.token, norrevang)).gateways
      .find((g) => g.Name === HYBENVEJ)
      ?.DeviceList.filter((d) => d.Assigned === 'mine');
    expect(theirs).toHaveLength(48);

    // Taking the location from everyone also leaves what was read with the reader who did it.
    expect(await assigned(norrevang, { GatewayId: hyb1.gatewayId, ReaderId: null })).toMatchObject({
      Moved: 48,
      Kept: 2,
    });
    expect((await overview(norrevang)).Progress.map((p) => p.ReaderId)).toEqual([tekniker]);
  });

  it('gives a single meter, and refuses another period day, location or reader outside the account', async () => {
    await clear();
    const { norrevang, hyb1, hyb3, tekniker, klover, kunde } = await ids();
    expect(
      await assigned(norrevang, { GatewayId: hyb3.gatewayId, DeviceId: hyb3.deviceId, ReaderId: tekniker }),
    ).toMatchObject({ Moved: 1, Kept: 0 });
    expect(marks(await readingStatus(t, t.tekniker, norrevang)).filter((m) => m === 'mine')).toHaveLength(1);

    const kloverMeter = await meterOf(t.database.db, ...KLOVER_METER);
    const refusals = [
      // another tenant's location, or a meter of another location
      assign(norrevang, { GatewayId: kloverMeter.gatewayId, ReaderId: tekniker }),
      assign(norrevang, { GatewayId: hyb1.gatewayId, DeviceId: kloverMeter.deviceId, ReaderId: tekniker }),
      // a user of another tenant, a customer user, an unknown user
      assign(norrevang, { GatewayId: hyb1.gatewayId, ReaderId: klover }),
      assign(norrevang, { GatewayId: hyb1.gatewayId, ReaderId: kunde }),
      assign(norrevang, { GatewayId: hyb1.gatewayId, ReaderId: '00000000-0000-4000-8000-000000000000' }),
      // another tenant's account
      assign(kloverMeter.accountId, { GatewayId: kloverMeter.gatewayId, ReaderId: tekniker }),
    ];
    for (const res of await Promise.all(refusals)) expect(res.statusCode, res.body).toBe(404);
    const other = await t.inject({
      method: 'GET',
      url: `/api/admin/routeassignments/${kloverMeter.accountId}`,
      token: t.admin,
    });
    expect(other.statusCode).toBe(404);
    // Readers do not assign; a day in the future or a broken id is a bad request.
    expect(
      (await assign(norrevang, { GatewayId: hyb1.gatewayId, ReaderId: tekniker }, t.tekniker)).statusCode,
    ).toBe(403);
    expect(
      (await assign(norrevang, { GatewayId: hyb1.gatewayId, ReaderId: tekniker, date: '2027-01-01' }))
        .statusCode,
    ).toBe(400);
    expect((await assign(norrevang, { GatewayId: hyb1.gatewayId, ReaderId: 'x' })).statusCode).toBe(400);
    expect(await t.database.db.selectFrom('route_assignments').select('device_id').execute()).toEqual([
      { device_id: hyb3.deviceId },
    ]);
  });

  it('keeps a period apart: an assignment of last month is not this month’s', async () => {
    await clear();
    const { norrevang, hyb1, tekniker } = await ids();
    await assigned(norrevang, { GatewayId: hyb1.gatewayId, ReaderId: tekniker, date: '2026-10-15' });
    expect((await overview(norrevang, '?date=2026-10-01')).Progress).toHaveLength(1);
    expect((await overview(norrevang)).Progress).toEqual([]);
    expect(marks(await readingStatus(t, t.tekniker, norrevang)).every((m) => m === null)).toBe(true);
  });

  it('keeps the assignment when the administrator who made it is deleted', async () => {
    await clear();
    const { norrevang, hyb1, tekniker } = await ids();
    const db = t.database.db;
    const officeId = await insertTestUser(db, {
      email: 'kontor-tildel@eksempel.dk',
      role: 1,
      customerIds: [await customerIdOf(db, CUSTOMER_NAMES.norrevang)],
      accountIds: [],
    });
    const office = await t.login('kontor-tildel@eksempel.dk');
    expect(
      (
        await assign(
          norrevang,
          { GatewayId: hyb1.gatewayId, DeviceId: hyb1.deviceId, ReaderId: tekniker },
          office,
        )
      ).statusCode,
    ).toBe(200);
    await db.deleteFrom('users').where('id', '=', officeId).execute();
    expect(marks(await readingStatus(t, t.tekniker, norrevang)).filter((m) => m === 'mine')).toHaveLength(1);
  });
});
