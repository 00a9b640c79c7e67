import { ErrorResponse, RegisterReadingsResponse } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { snapshotData } from '../../helpers/demo-fixtures.ts';
import { postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

const PARALLEL = 20;

describe('readings under concurrency and with Idempotency-Key', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['kunde', 'admin'] });

  const point = () => t.hotWater.items.Volumen ?? 0;
  /** Posts one value for the hot water meter's point, as kunde@ unless another token is given. */
  const postVolume = (
    usDate: string,
    value: string,
    options: { token?: string; idempotencyKey?: string } = {},
  ) =>
    postReadings(t, {
      token: options.token ?? t.kunde,
      accountId: t.soparken1,
      payload: [readingOf(t.hotWater, 'Volumen', usDate, value)],
      idempotencyKey: options.idempotencyKey,
    });

  async function readingsAt(isoDate: string) {
    return t.database.db
      .selectFrom('readings')
      .selectAll()
      .where('device_item_id', '=', point())
      .where('date_record', '=', isoDate)
      .execute();
  }

  async function auditAt(isoDate: string) {
    return t.database.db
      .selectFrom('reading_audit')
      .innerJoin('readings', 'readings.id', 'reading_audit.reading_id')
      .select(['reading_audit.old_value', 'reading_audit.new_value'])
      .where('readings.device_item_id', '=', point())
      .where('readings.date_record', '=', isoDate)
      .orderBy('reading_audit.id')
      .execute();
  }

  it(`stores exactly one reading and one audit entry for ${PARALLEL} parallel identical POSTs`, async () => {
    const payload = [readingOf(t.hotWater, 'Volumen', '11/01/2026', '100,5')];
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        postReadings(t, { token: t.kunde, accountId: t.soparken1, payload }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(RegisterReadingsResponse.parse(res.json())).toEqual({ Success: true, Message: '', Count: 1 });
    }
    expect(await readingsAt('2026-11-01')).toHaveLength(1);
    expect(await auditAt('2026-11-01')).toEqual([{ old_value: null, new_value: '100.5' }]);
  });

  it('keeps an unbroken audit chain when parallel POSTs send different values for one point and date', async () => {
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, n) =>
        postReadings(t, {
          token: n % 2 === 0 ? t.kunde : t.admin,
          accountId: t.soparken1,
          payload: [readingOf(t.hotWater, 'Volumen', '11/02/2026', String(200 + n))],
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(PARALLEL).fill(200));
    const [reading, ...others] = await readingsAt('2026-11-02');
    expect(others).toEqual([]);
    const audit = await auditAt('2026-11-02');
    expect(audit[0]?.old_value).toBeNull();
    for (let i = 1; i < audit.length; i++) expect(audit[i]?.old_value).toBe(audit[i - 1]?.new_value);
    expect(audit.at(-1)?.new_value).toBe(reading?.value);
    expect(audit).toHaveLength(PARALLEL);
  });

  it('replays the first answer for a repeated Idempotency-Key without applying the body again', async () => {
    const first = await postVolume('11/03/2026', '300', { idempotencyKey: 'key-a' });
    expect(first.json()).toEqual({ Success: true, Message: '', Count: 1 });

    // Someone corrects the value in between; replaying the key must not write 300 back.
    await postVolume('11/03/2026', '301', { token: t.admin });
    const before = await snapshotData(t.database.db);
    const replay = await postVolume('11/03/2026', '300', { idempotencyKey: 'key-a' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await snapshotData(t.database.db)).toBe(before);
    expect((await readingsAt('2026-11-03'))[0]?.value).toBe('301');
  });

  it('refuses the same key with a different body with 422 and a Danish message', async () => {
    const key = 'key-b';
    await postVolume('11/04/2026', '400', { idempotencyKey: key });
    const before = await snapshotData(t.database.db);
    const res = await postVolume('11/04/2026', '401', { idempotencyKey: key });
    expect(res.statusCode).toBe(422);
    expect(ErrorResponse.parse(res.json()).Message).toBe(
      'Idempotency-Key er allerede brugt til en anden indberetning. Send den nye indberetning med en ny nøgle.',
    );
    expect(await snapshotData(t.database.db)).toBe(before);
  });

  it('scopes keys per user', async () => {
    await postVolume('11/05/2026', '500', { idempotencyKey: 'shared-key' });
    const res = await postVolume('11/06/2026', '600', { token: t.admin, idempotencyKey: 'shared-key' });
    expect(res.statusCode).toBe(200);
    expect((await readingsAt('2026-11-06'))[0]?.value).toBe('600');
  });

  it('does not remember a refused batch, so the corrected batch may reuse its key', async () => {
    const key = 'key-c';
    const refused = await postVolume('11/07/2026', 'abc', { idempotencyKey: key });
    expect(refused.statusCode).toBe(406);
    const fixed = await postVolume('11/07/2026', '700', { idempotencyKey: key });
    expect(fixed.statusCode).toBe(200);
  });

  it(`stores one reading, one audit entry and one key for ${PARALLEL} parallel POSTs with one key`, async () => {
    const payload = [readingOf(t.hotWater, 'Volumen', '11/08/2026', '800')];
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        postReadings(t, { token: t.kunde, accountId: t.soparken1, payload, idempotencyKey: 'key-parallel' }),
      ),
    );
    for (const res of answers) expect(res.json()).toEqual({ Success: true, Message: '', Count: 1 });
    expect(await readingsAt('2026-11-08')).toHaveLength(1);
    expect(await auditAt('2026-11-08')).toHaveLength(1);
    const keys = await t.database.db
      .selectFrom('idempotency_keys')
      .select(['status_code', 'response_body'])
      .where('key', '=', 'key-parallel')
      .execute();
    expect(keys).toEqual([
      { status_code: 200, response_body: JSON.stringify({ Success: true, Message: '', Count: 1 }) },
    ]);
  });

  it('refuses an Idempotency-Key longer than 200 characters with 400', async () => {
    const res = await postVolume('11/10/2026', '1', { idempotencyKey: 'k'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Message: 'Headeren Idempotency-Key skal være på 1 til 200 tegn.' });
  });
  it('ignores and purges keys older than the configured time to live', async () => {
    const key = 'key-old';
    await postVolume('11/09/2026', '900', { idempotencyKey: key });
    clock.advance((t.config.idempotencyTtlHours + 1) * 3_600_000);
    const token = await t.login('kunde@eksempel.dk');
    const res = await postVolume('11/09/2026', '901', { token, idempotencyKey: key });
    expect(res.statusCode).toBe(200);
    expect((await readingsAt('2026-11-09'))[0]?.value).toBe('901');
    const stale = await t.database.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('created_at', '<', new Date(clock.now().getTime() - 3_600_000).toISOString())
      .execute();
    expect(stale).toEqual([]);
  });
});
