import { AdminLogPage, TaskList } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';
import { newPhotoId, plainImage, putPhoto } from '../../helpers/test-photos.ts';

// Issue 37 (ADR 047): a reading's `Bemærkning` marked `Kræver opfølgning` opens a task for the office
// through openTask, once per reading, however often the reading is sent; the task list shows its photo.

describe('tasks from readings’ notes marked Kræver opfølgning', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['kunde', 'admin', 'klover'], cleanUp: ['new-readings'] });

  const openTasks = async () => {
    const res = await t.inject({ method: 'GET', url: `/api/admin/tasks/${t.soparken1}`, token: t.admin });
    expect(res.statusCode, res.body).toBe(200);
    return TaskList.parse(res.json()).Tasks;
  };
  const openedEvents = async () => {
    const log = await t.inject({ method: 'GET', url: '/api/admin/log?event=task.opened', token: t.admin });
    return AdminLogPage.parse(log.json()).events.length;
  };
  const clearTasks = () => t.database.db.deleteFrom('tasks').execute();
  const send = async (payload: object[], idempotencyKey?: string) => {
    const res = await postReadings(t, { token: t.kunde, accountId: t.soparken1, payload, idempotencyKey });
    expect(res.statusCode, res.body).toBe(200);
  };
  const upload = async () => {
    const photoId = newPhotoId();
    const res = await putPhoto(t, {
      token: t.kunde,
      accountId: t.soparken1,
      photoId,
      body: await plainImage(40, 30),
    });
    expect(res.statusCode).toBe(201);
    return photoId;
  };

  it('opens one task with the note and the photo, and retries, key replays and offline replays open no second', async () => {
    await clearTasks();
    const before = await openedEvents();
    const photoId = await upload();
    const reading = readingOf(t.heat, 'Energi', '11/20/2026', '500,5', {
      photoId,
      note: ' Plomben er brudt ',
      followUp: true,
    });
    await send([reading], 'follow-up-key-1');
    const [task, ...rest] = await openTasks();
    expect(rest).toEqual([]);
    expect(task).toMatchObject({
      DeviceId: t.heat.deviceId,
      MeterName: 'Varmemåler opgang 12',
      Reason: 'Kræver opfølgning',
      Note: 'Plomben er brudt',
      PhotoId: photoId,
      Comments: [],
    });
    expect(await openedEvents()).toBe(before + 1);

    // The same key again, the same reading without a key, and its offline replay: still one task, no comment.
    await send([reading], 'follow-up-key-1');
    await send([reading]);
    await send([{ ...reading, source: 'offline', enteredAt: '2026-11-22T09:00:00.000Z' }], 'follow-up-key-2');
    const after = await openTasks();
    expect(after.map((row) => [row.Id, row.Comments.length])).toEqual([[task?.Id, 0]]);
    expect(await openedEvents()).toBe(before + 1);

    // The photo is the photo route's: the office's administrator sees it, another customer's does not.
    const seen = await t.inject({
      method: 'GET',
      url: `/api/photos/${t.soparken1}/${photoId}`,
      token: t.admin,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    const klover = await t.inject({
      method: 'GET',
      url: `/api/photos/${t.soparken1}/${photoId}`,
      token: t.klover,
    });
    expect(klover.statusCode).toBe(404);
  });

  it('two sends of the same marked reading at once open one task', async () => {
    await clearTasks();
    const reading = readingOf(t.heat, 'Volumen', '11/21/2026', '30', {
      note: 'Utæt',
      followUp: true,
    });
    await Promise.all([send([reading]), send([reading])]);
    expect((await openTasks()).map((row) => [row.Note, row.Comments.length])).toEqual([['Utæt', 0]]);
  });

  it('opens nothing for a note without the mark or the mark without a note; a skip’s task has no photo', async () => {
    await clearTasks();
    await send([
      readingOf(t.heat, 'Energi', '11/20/2026', '500,5', { note: 'Alt i orden' }),
      readingOf(t.heat, 'Volumen', '11/20/2026', '20', { followUp: true }),
      readingOf(t.coldWater, 'Volumen', '11/20/2026', '900', { note: '   ', followUp: true }),
    ]);
    expect(await openTasks()).toEqual([]);
    const skip = await t.inject({
      method: 'POST',
      url: `/api/gateway/skipreading/${t.soparken1}`,
      token: t.kunde,
      payload: { gatewayId: t.hotWater.gatewayId, deviceId: t.hotWater.deviceId, reason: 'Måler defekt' },
    });
    expect(skip.statusCode).toBe(200);
    expect((await openTasks()).map((row) => [row.Reason, row.PhotoId])).toEqual([['Måler defekt', null]]);
    await t.database.db.deleteFrom('reading_skips').execute();
  });

  it('a SEND’s marked note on every point of a meter opens one task without comments', async () => {
    await clearTasks();
    const evidence = { note: 'Målerglas revnet', followUp: true };
    await send([
      readingOf(t.heat, 'Energi', '11/20/2026', '500,5', evidence),
      readingOf(t.heat, 'Volumen', '11/20/2026', '20', evidence),
    ]);
    expect((await openTasks()).map((row) => [row.Note, row.Comments.length])).toEqual([
      ['Målerglas revnet', 0],
    ]);
    const linked = await t.database.db
      .selectFrom('reading_evidence')
      .select('task_id')
      .where('task_id', 'is not', null)
      .execute();
    expect(linked).toHaveLength(2);
  });

  it('a second marked reading of the same meter while its task is open becomes a comment on it', async () => {
    await clearTasks();
    await send([readingOf(t.heat, 'Energi', '11/20/2026', '500,5', { note: 'Første', followUp: true })]);
    await send([readingOf(t.heat, 'Energi', '11/21/2026', '501', { note: 'Anden', followUp: true })]);
    const [task, ...rest] = await openTasks();
    expect(rest).toEqual([]);
    expect([task?.Note, task?.Comments.map((comment) => comment.Text)]).toEqual(['Første', ['Anden']]);
  });
});
