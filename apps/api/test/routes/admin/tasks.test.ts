import {
  AdminLogPage,
  GatewayTree,
  MeterTaskHistory,
  ReadingStatus,
  TASK_ERRORS,
  TaskList,
} from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { meterWrite } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { ACCOUNT_NAMES, accountIdOf, KLOVER_METER, meterOf, userIdOf } from '../../helpers/demo-fixtures.ts';
import { postSkip } from '../../helpers/route-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// Tasks (`Opgaver`, issue 37, ADR 047): skips with a defect, a lost meter or a note marked `Kræver
// opfølgning` open a task for the account's office, which assigns, comments and closes it.

describe('tasks from skips (Opgaver)', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['kunde', 'admin', 'klover', 'tekniker'], cleanUp: ['skips'] });

  /** The gateway and device a skip names. */
  const placeOf = ({ gatewayId, deviceId }: { gatewayId: number; deviceId: number }) => ({
    gatewayId,
    deviceId,
  });
  const skip = (payload: object, token = t.kunde, accountId = t.soparken1) =>
    postSkip(t, { token, accountId, payload });
  const tasks = async (status = 'open', accountId = t.soparken1) => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/admin/tasks/${accountId}?status=${status}`,
      token: t.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return TaskList.parse(res.json());
  };
  const taskWrite = (
    call: string,
    taskId: number,
    payload: object,
    accountId = t.soparken1,
    token = t.admin,
  ) => t.inject({ method: 'POST', url: `/api/admin/tasks/${call}/${taskId}/${accountId}`, token, payload });
  const treeMeter = async (deviceId: number) => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/gateway/loadlistsimple/${t.soparken1}`,
      token: t.kunde,
    });
    return GatewayTree.parse(res.json())
      .flatMap((g) => g.DeviceList)
      .find((d) => d.DeviceId === deviceId);
  };
  const clearTasks = () => t.database.db.deleteFrom('tasks').execute();

  it('opens a task for a Måler defekt skip, with meter, location, reason, note, who and when', async () => {
    await clearTasks();
    const { gatewayId, deviceId } = t.heat;
    expect(
      (await skip({ gatewayId, deviceId, reason: 'Måler defekt', note: 'Display slukket' })).statusCode,
    ).toBe(200);
    const [task, ...rest] = (await tasks()).Tasks;
    expect(rest).toEqual([]);
    expect(task).toMatchObject({
      DeviceId: deviceId,
      MeterName: 'Varmemåler opgang 12',
      LocationName: 'Søparken 12, kælder',
      Reason: 'Måler defekt',
      Note: 'Display slukket',
      Status: 'open',
      AssignedTo: null,
      CreatedAt: '2026-11-22T10:00:00.000Z',
      ClosedAt: null,
      Comments: [],
    });
    expect(task?.CreatedBy).not.toBe('');
    // The reader sees the open defect on the meter.
    expect((await treeMeter(deviceId))?.OpenDefect).toBe(true);
    expect((await treeMeter(t.coldWater.deviceId))?.OpenDefect).toBeUndefined();

    // The same skip again the same day is one skip and one task; another visit's note is a comment.
    await skip({ gatewayId, deviceId, reason: 'Måler defekt', note: 'Display slukket' });
    await skip({ gatewayId, deviceId, reason: 'Måler defekt', note: 'Stadig slukket' });
    const again = (await tasks()).Tasks;
    expect(again.map((row) => row.Id)).toEqual([task?.Id]);
    expect(again[0]?.Comments.map((comment) => comment.Text)).toEqual(['Stadig slukket']);

    const log = await t.inject({ method: 'GET', url: '/api/admin/log?event=task.opened', token: t.admin });
    expect(AdminLogPage.parse(log.json()).events).toHaveLength(1);
  });

  it('opens tasks for Måler ikke fundet and for a note marked Kræver opfølgning, not for other skips', async () => {
    await clearTasks();
    const { coldWater, hotWater } = t;
    await skip({ ...placeOf(coldWater), reason: 'Ingen adgang' });
    await skip({ ...placeOf(coldWater), reason: 'Andet', note: 'Hund' });
    expect((await tasks()).Tasks).toEqual([]);
    await skip({ ...placeOf(hotWater), reason: 'Måler ikke fundet' });
    await skip({
      ...placeOf(coldWater),
      reason: 'Ingen adgang',
      note: 'Låst dør, ring til formanden',
      followUp: true,
    });
    expect((await tasks()).Tasks.map((task) => [task.MeterName, task.Reason, task.Note])).toEqual([
      ['Koldt vand hovedmåler', 'Kræver opfølgning', 'Låst dør, ring til formanden'],
      ['Varmt vand', 'Måler ikke fundet', null],
    ]);
    const refused = await skip({ ...placeOf(coldWater), reason: 'Andet', note: 'x', followUp: 'ja' });
    expect(refused.statusCode).toBe(400);
  });

  it('assigns, comments and closes a task; a closed task leaves the list and stays in the meter history', async () => {
    await clearTasks();
    const { gatewayId, deviceId } = t.heat;
    await skip({ gatewayId, deviceId, reason: 'Måler defekt' });
    const list = await tasks();
    const taskId = list.Tasks[0]?.Id ?? 0;
    const adminId = await userIdOf(t.database.db, 'admin@eksempel.dk');
    // Staff of the account only: the customer user kunde@ is no assignee.
    expect(list.Assignees.map((user) => user.Id)).toContain(adminId);
    const kundeId = await userIdOf(t.database.db, 'kunde@eksempel.dk');
    expect(list.Assignees.map((user) => user.Id)).not.toContain(kundeId);
    const badAssign = await taskWrite('assign', taskId, { UserId: kundeId });
    expect({ status: badAssign.statusCode, body: badAssign.json() }).toEqual({
      status: 400,
      body: { Message: TASK_ERRORS.assigneeInvalid },
    });

    expect((await taskWrite('assign', taskId, { UserId: adminId })).statusCode).toBe(200);
    expect((await taskWrite('comment', taskId, { Text: ' Ny måler bestilt ' })).statusCode).toBe(200);
    expect((await taskWrite('close', taskId, { Note: '  ' })).statusCode).toBe(400);
    clock.set(new Date('2026-11-22T11:30:00Z'));
    const closed = await taskWrite('close', taskId, { Note: 'Måler skiftet' });
    expect(closed.statusCode, closed.body).toBe(200);
    clock.set(new Date('2026-11-22T10:00:00Z'));

    expect((await tasks()).Tasks).toEqual([]);
    const [done] = (await tasks('closed')).Tasks;
    expect(done).toMatchObject({
      Id: taskId,
      Status: 'closed',
      AssignedTo: { Id: adminId },
      ClosedAt: '2026-11-22T11:30:00.000Z',
      CloseNote: 'Måler skiftet',
      Comments: [{ Text: 'Ny måler bestilt' }],
    });
    expect(done?.ClosedBy).not.toBeNull();
    const history = await t.inject({
      method: 'GET',
      url: `/api/admin/tasks/meter/${deviceId}/${t.soparken1}`,
      token: t.admin,
    });
    expect(MeterTaskHistory.parse(history.json()).Tasks.map((task) => task.Id)).toEqual([taskId]);
    expect((await treeMeter(deviceId))?.OpenDefect).toBeUndefined();

    const twice = await taskWrite('close', taskId, { Note: 'igen' });
    expect({ status: twice.statusCode, body: twice.json() }).toEqual({
      status: 409,
      body: { Message: TASK_ERRORS.taskClosed },
    });
    expect((await taskWrite('assign', taskId, { UserId: null })).statusCode).toBe(409);

    const events = await t.inject({ method: 'GET', url: '/api/admin/log?event=task.closed', token: t.admin });
    expect(AdminLogPage.parse(events.json()).events).toHaveLength(1);
  });

  it("answers 404 for another tenant's task and account, and 403 for other roles", async () => {
    await clearTasks();
    const klover = await accountIdOf(t.database.db, ACCOUNT_NAMES.klover);
    const meter = await meterOf(t.database.db, ...KLOVER_METER);
    const skipped = await skip({ ...placeOf(meter), reason: 'Måler defekt' }, t.klover, klover);
    expect(skipped.statusCode).toBe(200);
    const row = await t.database.db.selectFrom('tasks').select('id').executeTakeFirstOrThrow();
    const taskId = Number(row.id);
    for (const [call, payload] of [
      ['assign', { UserId: null }],
      ['comment', { Text: 'x' }],
      ['close', { Note: 'x' }],
    ] as const) {
      expect((await taskWrite(call, taskId, payload)).statusCode, call).toBe(404);
      expect((await taskWrite(call, taskId, payload, klover)).statusCode, call).toBe(404);
    }
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/admin/tasks/meter/${meter.deviceId}/${t.soparken1}`,
          token: t.admin,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: `/api/admin/tasks/${t.soparken1}`, token: t.kunde })).statusCode,
    ).toBe(403);
    expect((await taskWrite('close', taskId, { Note: 'x' }, klover, t.klover)).statusCode).toBe(403);
    const untouched = await t.database.db.selectFrom('tasks').select('status').executeTakeFirstOrThrow();
    expect(untouched.status).toBe('open');
  });
});

describe('access note and placement (Adgang, Placering)', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['kunde', 'admin'] });

  it('are set in Målere and shown in the tree and the route, with the location address; empty clears', async () => {
    const { gatewayId, deviceId } = t.coldWater;
    const location = await meterWrite(t, t.admin, 'updatelocation', [gatewayId], t.soparken1, {
      Access: ' Nøgle hos viceværten, tlf. 12 34 56 78 ',
      Placement: 'Kælder, bag trappen',
    });
    expect(location.statusCode, location.body).toBe(200);
    const meter = await meterWrite(t, t.admin, 'updatemeter', [deviceId], t.soparken1, {
      Placement: 'Til venstre for døren',
    });
    expect(meter.statusCode, meter.body).toBe(200);
    const tooLong = await meterWrite(t, t.admin, 'updatemeter', [deviceId], t.soparken1, {
      Access: 'x'.repeat(301),
    });
    expect(tooLong.statusCode).toBe(400);

    const tree = GatewayTree.parse(
      (
        await t.inject({ method: 'GET', url: `/api/gateway/loadlistsimple/${t.soparken1}`, token: t.kunde })
      ).json(),
    );
    const place = tree.find((g) => g.GatewayId === gatewayId);
    expect(place).toMatchObject({
      Access: 'Nøgle hos viceværten, tlf. 12 34 56 78',
      Placement: 'Kælder, bag trappen',
    });
    expect(place?.Address).toEqual(expect.any(String));
    const device = place?.DeviceList.find((d) => d.DeviceId === deviceId);
    expect(device?.Placement).toBe('Til venstre for døren');
    expect(device?.Access).toBeUndefined();

    const status = ReadingStatus.parse(
      (
        await t.inject({ method: 'GET', url: `/api/gateway/readingstatus/${t.soparken1}`, token: t.kunde })
      ).json(),
    );
    const routeLocation = status.gateways.find((g) => g.GatewayId === gatewayId);
    expect(routeLocation?.Access).toBe('Nøgle hos viceværten, tlf. 12 34 56 78');
    expect(routeLocation?.DeviceList.find((d) => d.DeviceId === deviceId)?.Placement).toBe(
      'Til venstre for døren',
    );

    await meterWrite(t, t.admin, 'updatelocation', [gatewayId], t.soparken1, { Access: '', Placement: '' });
    await meterWrite(t, t.admin, 'updatemeter', [deviceId], t.soparken1, { Placement: '' });
    const cleared = GatewayTree.parse(
      (
        await t.inject({ method: 'GET', url: `/api/gateway/loadlistsimple/${t.soparken1}`, token: t.kunde })
      ).json(),
    ).find((g) => g.GatewayId === gatewayId);
    expect(cleared?.Access).toBeUndefined();
    expect(cleared?.DeviceList.find((d) => d.DeviceId === deviceId)?.Placement).toBeUndefined();
  });
});

describe('the meters import sets Adgang and Placering (issue 37)', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin', 'kunde'] });
  const importMeters = (lines: readonly string[], mode: 'dry-run' | 'apply') =>
    t.inject({
      method: 'POST',
      url: `/api/admin/import/${t.soparken1}/meters?mode=${mode}`,
      token: t.admin,
      payload: {
        format: 'csv',
        data: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`).toString('base64'),
      },
    });
  const treeDevice = async (deviceId: number) =>
    GatewayTree.parse(
      (
        await t.inject({ method: 'GET', url: `/api/gateway/loadlistsimple/${t.soparken1}`, token: t.kunde })
      ).json(),
    )
      .flatMap((g) => g.DeviceList)
      .find((d) => d.DeviceId === deviceId);

  it('stores the columns on the meter, leaves them when left out and clears them when empty', async () => {
    const heading = 'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed';
    const row = 'Søparken 12, kælder;;Varmemåler opgang 12;KAM-603-112233;Varme;Energi;kWh';
    const dry = await importMeters(
      [`${heading};Adgang;Placering`, `${row};Kode 1234;Bag trappen`],
      'dry-run',
    );
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ changed: 1, errors: [] });
    const applied = await importMeters(
      [`${heading};Adgang;Placering`, `${row};Kode 1234;Bag trappen`],
      'apply',
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await treeDevice(t.heat.deviceId)).toMatchObject({
      Access: 'Kode 1234',
      Placement: 'Bag trappen',
    });

    await importMeters([heading, row], 'apply');
    expect((await treeDevice(t.heat.deviceId))?.Access).toBe('Kode 1234');
    await importMeters([`${heading};Adgang`, `${row};`], 'apply');
    const cleared = await treeDevice(t.heat.deviceId);
    expect(cleared?.Access).toBeUndefined();
    expect(cleared?.Placement).toBe('Bag trappen');

    const tooLong = await importMeters([`${heading};Adgang`, `${row};${'x'.repeat(301)}`], 'dry-run');
    expect(tooLong.json().errors).toEqual([expect.objectContaining({ line: 2, column: 'Adgang' })]);
  });
});
