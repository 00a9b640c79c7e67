import { MESSAGES, SkipReadingResponse } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { type DemoMeter, meterOf, snapshotData, userIdOf } from '../../helpers/demo-fixtures.ts';
import { postSkip } from '../../helpers/route-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

describe('POST /api/gateway/skipreading/{accountId}', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['kunde'] });

  const skipOf = (meter: DemoMeter, extra: object) => ({
    gatewayId: meter.gatewayId,
    deviceId: meter.deviceId,
    ...extra,
  });
  const post = (payload: object, idempotencyKey?: string, token = t.kunde) =>
    postSkip(t, { token, accountId: t.soparken1, payload, idempotencyKey });
  /** Moves the clock and signs kunde@ in anew there (a token lasts 12 hours); a test that moves it puts it back. */
  const signInAt = (at: string) => {
    clock.set(new Date(at));
    return t.login('kunde@eksempel.dk');
  };
  const START = '2026-11-22T10:00:00Z';
  const skipsOf = (meter: DemoMeter) =>
    t.database.db
      .selectFrom('reading_skips')
      .selectAll()
      .where('device_id', '=', meter.deviceId)
      .orderBy('id')
      .execute();

  it('stores the skip with its reason, note, who and when', async () => {
    const res = await post(skipOf(t.heat, { reason: 'Andet', note: '  Hund i gården ', extra: 'ignored' }));
    expect(res.statusCode).toBe(200);
    expect(SkipReadingResponse.parse(res.json())).toEqual({
      Success: true,
      Message: '',
      SkippedAt: '2026-11-22T10:00:00.000Z',
      ResidentLinkSent: false,
    });
    expect(await skipsOf(t.heat)).toEqual([
      {
        id: expect.any(Number),
        account_id: t.soparken1,
        gateway_id: t.heat.gatewayId,
        device_id: t.heat.deviceId,
        reason: 'Andet',
        note: 'Hund i gården',
        skipped_on: '2026-11-22',
        created_by: await userIdOf(t.database.db, 'kunde@eksempel.dk'),
        created_at: '2026-11-22T10:00:00.000Z',
      },
    ]);
    await post(skipOf(t.heat, { reason: 'Måler defekt', note: '   ' }));
    expect((await skipsOf(t.heat)).map((row) => [row.reason, row.note])).toEqual([
      ['Andet', 'Hund i gården'],
      ['Måler defekt', null],
    ]);
  });

  it('refuses an unknown reason and Andet without a note in Danish, storing nothing', async () => {
    const before = await snapshotData(t.database.db);
    const cases = [
      [{ reason: 'Ferie' }, MESSAGES.skipReasonInvalid],
      [{}, MESSAGES.skipReasonInvalid],
      [{ reason: 'Andet' }, 'Skriv en bemærkning, når årsagen er "Andet"'],
      [{ reason: 'Andet', note: ' ' }, MESSAGES.skipNoteRequired],
      [{ reason: 'Ingen adgang', note: 7 }, MESSAGES.skipNoteInvalid],
      [{ reason: 'Ingen adgang', note: 'x'.repeat(2001) }, MESSAGES.textTooLong],
    ] as const;
    for (const [extra, message] of cases) {
      const res = await post(skipOf(t.coldWater, extra));
      expect({ status: res.statusCode, body: res.json() }, JSON.stringify(extra)).toEqual({
        status: 400,
        body: { Message: message },
      });
    }
    expect(await snapshotData(t.database.db)).toBe(before);
  });

  it('answers a replay with the same Idempotency-Key with the first answer and stores the skip once', async () => {
    const body = skipOf(t.hotWater, { reason: 'Måler ikke fundet' });
    const first = await post(body, 'skip-key-1');
    clock.advance(90_000);
    const replay = await post(body, 'skip-key-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await skipsOf(t.hotWater)).toHaveLength(1);

    const reused = await post(skipOf(t.hotWater, { reason: 'Ingen adgang' }), 'skip-key-1');
    expect(reused.statusCode).toBe(422);
    expect(await skipsOf(t.hotWater)).toHaveLength(1);
    // A new key for the same skip on the same day stores nothing new (issue 32, item 10) …
    await post(body, 'skip-key-2');
    expect(await skipsOf(t.hotWater)).toHaveLength(1);
    // … a new key the next day is a new skip.
    await post(body, 'skip-key-3', await signInAt('2026-11-23T10:00:00Z'));
    expect(await skipsOf(t.hotWater)).toHaveLength(2);
    clock.set(new Date(START));
  });

  it('stores one skip per meter, reason, note, user and Copenhagen day without an Idempotency-Key', async () => {
    const body = skipOf(t.coldWater, { reason: 'Andet', note: 'Låst dør' });
    const answers = [await post(body), ...(await Promise.all([post(body), post(body)]))];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(SkipReadingResponse.parse(answer.json()).Success).toBe(true);
    }
    expect(await skipsOf(t.coldWater)).toHaveLength(1);
    // Another note or reason is another skip.
    await post(skipOf(t.coldWater, { reason: 'Andet', note: 'Ingen nøgle' }));
    await post(skipOf(t.coldWater, { reason: 'Ingen adgang' }));
    await post(skipOf(t.coldWater, { reason: 'Ingen adgang', note: '  ' }));
    expect((await skipsOf(t.coldWater)).map((row) => [row.reason, row.note])).toEqual([
      ['Andet', 'Låst dør'],
      ['Andet', 'Ingen nøgle'],
      ['Ingen adgang', null],
    ]);
    // 23:59 in Copenhagen (22:59 UTC) is still the day of 23:30; 00:30 is the next.
    const evening = await signInAt('2026-11-24T22:30:00Z');
    await post(body, undefined, evening);
    clock.set(new Date('2026-11-24T22:59:00Z'));
    await post(body, undefined, evening);
    expect(await skipsOf(t.coldWater)).toHaveLength(4);
    clock.set(new Date('2026-11-24T23:30:00Z'));
    await post(body, undefined, evening);
    clock.set(new Date(START));
    expect((await skipsOf(t.coldWater)).map((row) => row.skipped_on)).toEqual([
      '2026-11-22',
      '2026-11-22',
      '2026-11-22',
      '2026-11-24',
      '2026-11-25',
    ]);
  });

  it('answers 404 for a meter that is not at that location of that account, and stores nothing', async () => {
    const before = await snapshotData(t.database.db);
    const klover = await meterOf(t.database.db, 'Kløvervej 3, kælder', 'Vandmåler');
    const gas = await meterOf(t.database.db, 'Søparken 20, fyrrum', 'Gasmåler kedel');
    for (const payload of [
      { gatewayId: t.coldWater.gatewayId, deviceId: t.hotWater.deviceId },
      { gatewayId: klover.gatewayId, deviceId: klover.deviceId },
      { gatewayId: gas.gatewayId, deviceId: gas.deviceId },
      { gatewayId: t.heat.gatewayId, deviceId: 999_999 },
    ]) {
      const res = await post({ ...payload, reason: 'Ingen adgang' });
      expect({ status: res.statusCode, body: res.json() }, JSON.stringify(payload)).toEqual({
        status: 404,
        body: { Message: 'Det efterspurgte findes ikke.' },
      });
    }
    expect(await snapshotData(t.database.db)).toBe(before);
  });

  it('answers 404 for an account out of reach and 403 without the anti-forgery header', async () => {
    const before = await snapshotData(t.database.db);
    const body = skipOf(t.heat, { reason: 'Ingen adgang' });
    const klover = await t.login('klover@eksempel.dk');
    const outOfReach = await postSkip(t, { token: klover, accountId: t.soparken1, payload: body });
    expect(outOfReach.statusCode).toBe(404);
    const withoutXsrf = await t.inject({
      method: 'POST',
      url: `/api/gateway/skipreading/${t.soparken1}`,
      token: t.kunde,
      payload: body,
      xsrf: false,
    });
    expect(withoutXsrf.statusCode).toBe(403);
    expect(await snapshotData(t.database.db)).toBe(before);
  });
});
