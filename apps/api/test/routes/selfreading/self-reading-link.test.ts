import {
  IssuedSelfReadingLink,
  READING_ERRORS,
  SELF_READING_TOKEN_HEADER,
  SelfReadingLink,
  ValidationErrorResponse,
} from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { exportReadings } from '../../helpers/admin-requests.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { type DemoMeter, KLOVER_METER, meterOf } from '../../helpers/demo-fixtures.ts';
import { meterHistory, postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// Issue 35, ADR 039: a resident's link reads one meter for one period, and every refusal looks alike.
describe('the self-reading link', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['admin', 'kunde', 'tekniker'], env: { PORT: '8080' } });
  // Each test calls from its own address, so the link throttle of one does not reach the next.
  let address = 0;
  const nextAddress = () => `10.1.0.${++address}`;

  const issue = (
    meter: DemoMeter,
    payload: object = { recipientEmail: null },
    token = t.admin,
    accountId = meter.accountId,
  ) =>
    t.inject({
      method: 'POST',
      url: `/api/admin/selfreading/link/${meter.deviceId}/${accountId}`,
      token,
      payload,
    });

  async function linkToken(meter: DemoMeter, payload: object = { recipientEmail: null }): Promise<string> {
    const res = await issue(meter, payload);
    expect(res.statusCode, res.body).toBe(200);
    const match = /^http:\/\/localhost:8080\/aflaesning#([\w-]{43})$/.exec(
      IssuedSelfReadingLink.parse(res.json()).url,
    );
    if (!match?.[1]) throw new Error(`no token in ${res.body}`);
    return match[1];
  }

  const open = (token: string, remoteAddress = nextAddress()) =>
    t.inject({
      method: 'GET',
      url: '/api/selfreading/link',
      headers: { [SELF_READING_TOKEN_HEADER]: token },
      remoteAddress,
    });
  const send = (token: string, values: object[], remoteAddress = nextAddress()) =>
    t.inject({ method: 'POST', url: '/api/selfreading/reading', payload: { token, values }, remoteAddress });

  const storedOn = (deviceItemId: number | undefined, isoDate: string) =>
    t.database.db
      .selectFrom('readings')
      .select(['value', 'source', 'registered_by'])
      .where('device_item_id', '=', deviceItemId ?? 0)
      .where('date_record', '=', isoDate)
      .execute();

  it('is issued by an administrator only, for a meter of the account, and stores only a hash', async () => {
    const token = await linkToken(t.heat);
    const stored = await t.database.db.selectFrom('self_reading_links').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    expect((await issue(t.heat, { recipientEmail: null }, t.kunde)).statusCode).toBe(403);
    expect((await issue(t.heat, { recipientEmail: null }, t.tekniker)).statusCode).toBe(403);
    // Another account's meter under this account's id.
    expect((await issue(t.heat, { recipientEmail: null }, t.admin, t.soparken2)).statusCode).toBe(404);
  });

  it('shows the one meter: customer, location, meter, serial number and points, and no expected range', async () => {
    const token = await linkToken(t.heat);
    const res = await open(token);
    expect(res.statusCode, res.body).toBe(200);
    const page = SelfReadingLink.parse(res.json());
    expect(page).toMatchObject({
      customerName: 'Boligforeningen Søparken',
      locationName: 'Søparken 12, kælder',
      meterName: 'Varmemåler opgang 12',
      deadline: '2026-12-14',
      lastReadingAt: null,
    });
    expect(page.serialNumber).not.toBe('');
    expect(page.points.map((point) => [point.id, point.value])).toEqual(
      [t.heat.items.Energi, t.heat.items.Volumen]
        .map((id) => [id, null])
        .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    );
    expect(Object.keys(res.json())).not.toContain('expected');
  });

  it('stores the values as Selvaflæsning, shown as Beboer in the history and the export; a correction replaces', async () => {
    const token = await linkToken(t.coldWater);
    const item = t.coldWater.items.Volumen;
    const first = await send(token, [{ deviceItemId: item, value: '1234,5' }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(SelfReadingLink.parse(first.json()).points).toEqual([
      { id: item, name: 'Volumen', unit: expect.any(String), value: '1234.5' },
    ]);
    const corrected = await send(token, [{ deviceItemId: item, value: '1234,7' }]);
    expect(corrected.statusCode, corrected.body).toBe(200);
    const rows = await storedOn(item, '2026-11-22');
    expect(rows).toEqual([{ value: '1234.7', source: 'selfreading', registered_by: expect.any(String) }]);
    expect(SelfReadingLink.parse((await open(token)).json()).points[0]?.value).toBe('1234.7');

    const history = await meterHistory(t, t.admin, t.soparken1, t.coldWater);
    const entry = history.find((row) => row.DateRecord === '2026-11-22');
    expect(entry).toMatchObject({ Source: 'selfreading', RegisteredBy: 'Beboer', Value: '1234,7' });

    const csv = await exportReadings(t, t.admin, t.soparken1, 'date=2026-11-22&format=csv');
    const line = csv.body.split('\n').find((row) => row.includes('1234,7'));
    expect(line).toContain('Selvaflæsning');
    expect(line).toContain('Beboer');
  });

  it('writes a receipt to the outbox when the link has a recipient', async () => {
    const token = await linkToken(t.hotWater, { recipientEmail: 'beboer@eksempel.dk' });
    const res = await send(token, [{ deviceItemId: t.hotWater.items.Volumen, value: '17' }]);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', 'beboer@eksempel.dk')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Din aflæsning er modtaget');
    expect(mail.text_body).toContain('Tak – din aflæsning er modtaget.');
    expect(mail.text_body).toContain('Volumen: 17');
    expect(mail.text_body).toContain('Du kan rette aflæsningen indtil 14-12-2026.');
    expect(mail.text_body).toContain(`http://localhost:8080/aflaesning#${token}`);
  });

  it('refuses a value that is no number with the 406 naming the point, and stores nothing', async () => {
    const token = await linkToken(t.heat);
    const res = await send(token, [{ deviceItemId: t.heat.items.Energi, value: 'abc' }]);
    expect(res.statusCode).toBe(406);
    expect(ValidationErrorResponse.parse(res.json())).toEqual({
      validationError: READING_ERRORS.valueInvalid('Energi'),
    });
    expect(await storedOn(t.heat.items.Energi, '2026-11-22')).toEqual([]);
  });

  it('answers the same 404 for a guessed link, another meter’s point and another tenant’s point', async () => {
    const token = await linkToken(t.heat);
    const klover = await meterOf(t.database.db, ...KLOVER_METER);
    const guessed = await open('A'.repeat(43));
    const guessedPost = await send('A'.repeat(43), [{ deviceItemId: t.heat.items.Energi, value: '1' }]);
    const otherMeter = await send(token, [{ deviceItemId: t.coldWater.items.Volumen, value: '1' }]);
    const otherTenant = await send(token, [
      { deviceItemId: klover.items.Volumen ?? Object.values(klover.items)[0], value: '1' },
    ]);
    for (const res of [guessed, guessedPost, otherMeter, otherTenant]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(guessed.body);
    }
    // The other meter keeps what its own link sent in the test before.
    expect((await storedOn(t.coldWater.items.Volumen, '2026-11-22')).map((row) => row.value)).toEqual([
      '1234.7',
    ]);
  });

  it('is no source a client may claim in the readings call', async () => {
    const res = await postReadings(t, {
      token: t.kunde,
      accountId: t.soparken1,
      payload: [readingOf(t.heat, 'Energi', '11/21/2026', '1', { source: 'selfreading' })],
    });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({ validationError: READING_ERRORS.sourceInvalid('Energi') });
  });

  it('refuses a POST without the XSRF pair, like the sign-in', async () => {
    const token = await linkToken(t.heat);
    const res = await t.inject({
      method: 'POST',
      url: '/api/selfreading/reading',
      payload: { token, values: [{ deviceItemId: t.heat.items.Energi, value: '1' }] },
      xsrf: false,
    });
    expect(res.statusCode).toBe(403);
  });

  it('locks a client address out after too many refused links (429), counted like failed sign-ins', async () => {
    const remoteAddress = nextAddress();
    const limit = t.config.login.maxFailuresPerIp;
    for (let i = 0; i < limit; i++) expect((await open(`guess-${i}`, remoteAddress)).statusCode).toBe(404);
    const token = await linkToken(t.heat);
    expect((await open(token, remoteAddress)).statusCode).toBe(429);
    expect((await open(token)).statusCode).toBe(200);
  });

  it('dates a value after the period on its last day, and ends with the deadline: then the same 404', async () => {
    const token = await linkToken(t.heat);
    const guessed = await open('B'.repeat(43));
    clock.set(new Date('2026-12-10T10:00:00Z'));
    try {
      const late = await send(token, [{ deviceItemId: t.heat.items.Volumen, value: '99999' }]);
      expect(late.statusCode, late.body).toBe(200);
      expect(await storedOn(t.heat.items.Volumen, '2026-11-30')).toMatchObject([{ source: 'selfreading' }]);
      expect(await storedOn(t.heat.items.Volumen, '2026-12-10')).toEqual([]);
      clock.set(new Date('2026-12-14T22:59:00Z'));
      expect((await open(token)).statusCode).toBe(200);
      // 15 December in Copenhagen: the period's link has expired.
      clock.set(new Date('2026-12-14T23:00:00Z'));
      const expired = await open(token);
      expect(expired.statusCode).toBe(404);
      expect(expired.body).toBe(guessed.body);
      const expiredPost = await send(token, [{ deviceItemId: t.heat.items.Volumen, value: '99999' }]);
      expect(expiredPost.statusCode).toBe(404);
      expect(expiredPost.body).toBe(guessed.body);
    } finally {
      clock.set(new Date('2026-11-22T10:00:00Z'));
    }
  });

  it('ends with a meter change: the retired meter’s link answers the same 404', async () => {
    const token = await linkToken(t.hotWater);
    await t.database.db
      .updateTable('devices')
      .set({ retired_at: '2026-11-22T09:00:00.000Z' })
      .where('id', '=', t.hotWater.deviceId)
      .execute();
    const res = await open(token);
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe((await open('C'.repeat(43))).body);
  });
});
