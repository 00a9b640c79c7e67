import { MyData } from '@maaler/contract';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { CUSTOMER_NAMES, KLOVER_METER, meterOf, userIdOf } from '../../helpers/demo-fixtures.ts';
import { postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { postSkip } from '../../helpers/route-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

const PEOPLE = ['kunde', 'admin', 'klover', 'tekniker'] as const;
type Person = (typeof PEOPLE)[number];
const emailOf = (person: Person) => `${person}@eksempel.dk`;

const START = new Date('2026-11-22T10:00:00Z');

describe('GET /api/user/mydata', () => {
  const clock = testClock(START);
  const t = useDemoApp({ clock, signIn: PEOPLE, cleanUp: ['new-readings', 'skips'] });

  const download = (token: string, format?: 'csv') =>
    t.inject({ method: 'GET', url: `/api/user/mydata${format ? `?format=${format}` : ''}`, token });

  /**
   * kunde@ (Søparken) reads and skips, admin@ (Søparken too, and Nørrevang) corrects kunde@'s reading
   * and reads another meter, klover@ (the separate tenant Kløverhuse) reads its own meter; tekniker@
   * (Nørrevang) registered the demo history. Each has an e-mail in the outbox.
   */
  async function recordEveryonesRows() {
    const { db } = t.database;
    clock.set(START);
    await postReadings(t, {
      token: t.kunde,
      accountId: t.soparken1,
      payload: [readingOf(t.heat, 'Energi', '11/20/2026', '500,5', { plausibilityOverride: true })],
    });
    await postSkip(t, {
      token: t.kunde,
      accountId: t.soparken1,
      payload: {
        gatewayId: t.coldWater.gatewayId,
        deviceId: t.coldWater.deviceId,
        reason: 'Andet',
        note: 'Låst dør',
      },
    });
    clock.advance(60_000);
    await postReadings(t, {
      token: t.admin,
      accountId: t.soparken1,
      payload: [
        readingOf(t.heat, 'Energi', '11/20/2026', '501', { plausibilityOverride: true }),
        readingOf(t.heat, 'Volumen', '11/20/2026', '1000', { plausibilityOverride: true }),
      ],
    });
    const klover = await meterOf(db, ...KLOVER_METER);
    await postReadings(t, {
      token: t.klover,
      accountId: klover.accountId,
      payload: [readingOf(klover, 'Volumen', '11/21/2026', '77,25', { plausibilityOverride: true })],
    });
    for (const person of PEOPLE) {
      await db
        .insertInto('mail_outbox')
        .values({
          id: crypto.randomUUID(),
          recipient: emailOf(person).toUpperCase(),
          subject: `Til ${person}`,
          text_body: 'https://example.invalid/ny-adgangskode#hemmelig',
          html_body: '',
          next_attempt_at: clock.now().toISOString(),
          created_at: clock.now().toISOString(),
        })
        .execute();
    }
  }

  async function ownReadingIds(person: Person): Promise<number[]> {
    const id = await userIdOf(t.database.db, emailOf(person));
    const rows = await t.database.db
      .selectFrom('readings')
      .select('id')
      .where((eb) => eb.or([eb('registered_by', '=', id), eb('approved_by', '=', id)]))
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  it('holds only the person’s own rows: nobody else’s readings, skips, e-mails, ids or addresses', async () => {
    await recordEveryonesRows();
    const ids = Object.fromEntries(
      await Promise.all(
        PEOPLE.map(async (person) => [person, await userIdOf(t.database.db, emailOf(person))]),
      ),
    ) as Record<Person, string>;

    for (const person of PEOPLE) {
      const res = await download(t[person]);
      expect(res.statusCode, person).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.headers['content-disposition']).toBe('attachment; filename="mine-data.json"');
      const data = MyData.parse(res.json());
      expect(data.profile).toMatchObject({ id: ids[person], email: emailOf(person) });
      expect(data.readings.map((reading) => reading.id).sort((a, b) => a - b)).toEqual(
        await ownReadingIds(person),
      );
      expect(data.emails.map((email) => email.subject)).toEqual([`Til ${person}`]);
      expect(data.securityEvents.map((event) => event.event)).toContain('login.succeeded');
      expect(res.body).not.toContain('hemmelig');
      for (const other of PEOPLE.filter((candidate) => candidate !== person)) {
        expect(res.body, `${person} holds ${other}`).not.toContain(ids[other]);
        expect(res.body, `${person} holds ${other}`).not.toContain(emailOf(other));
      }
    }
  });

  it('tells what each person did: registered, corrected, skipped, and where', async () => {
    await recordEveryonesRows();
    const kunde = MyData.parse((await download(t.kunde)).json());
    // admin@ overwrote kunde@'s value, so the reading is no longer kunde@'s: the correction is admin@'s.
    expect(kunde.readings).toEqual([]);
    expect(kunde.corrections).toEqual([]);
    expect(kunde.skips).toEqual([
      expect.objectContaining({
        account: 'Søparken afdeling 1',
        meter: 'Koldt vand hovedmåler',
        reason: 'Andet',
        note: 'Låst dør',
        skippedOn: '2026-11-22',
      }),
    ]);
    expect(kunde.profile.customers.map((customer) => customer.name)).toEqual([CUSTOMER_NAMES.soparken]);

    const admin = MyData.parse((await download(t.admin)).json());
    expect(admin.readings.map((reading) => [reading.point, reading.value, reading.registeredByYou])).toEqual([
      ['Energi', '501', true],
      ['Volumen', '1000', true],
    ]);
    expect(admin.corrections).toEqual([
      expect.objectContaining({ point: 'Energi', date: '2026-11-20', oldValue: '500.5', newValue: '501' }),
    ]);
    expect(admin.skips).toEqual([]);
    expect(admin.profile.customers.map((customer) => customer.name).sort()).toEqual(
      [CUSTOMER_NAMES.norrevang, CUSTOMER_NAMES.soparken].sort(),
    );

    const klover = MyData.parse((await download(t.klover)).json());
    expect(klover.readings).toEqual([
      expect.objectContaining({
        location: 'Kløvervej 3, kælder',
        date: '2026-11-21',
        value: '77.25',
        source: 'web',
      }),
    ]);
  });

  it('holds the control readings the person registered, and nobody else’s (ADR 049)', async () => {
    await postReadings(t, {
      token: t.kunde,
      accountId: t.soparken1,
      payload: [readingOf(t.heat, 'Energi', '11/20/2026', '502,5', { reason: 'control' })],
    });
    const kunde = MyData.parse((await download(t.kunde)).json());
    expect(kunde.controlReadings).toEqual([
      expect.objectContaining({
        meter: 'Varmemåler opgang 12',
        point: 'Energi',
        date: '2026-11-20',
        value: '502.5',
      }),
    ]);
    expect(kunde.readings).toEqual([]);
    const admin = MyData.parse((await download(t.admin)).json());
    expect(admin.controlReadings).toEqual([]);
  });

  it('answers the readings as a Danish CSV file with format=csv', async () => {
    await recordEveryonesRows();
    const res = await download(t.klover, 'csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="mine-data-aflaesninger.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const { data } = Papa.parse<string[]>(res.body.slice(1).trim(), { delimiter: ';' });
    expect(data[0]).toEqual([
      'Konto',
      'Lokation',
      'Måler',
      'Serienummer',
      'Målepunkt',
      'Enhed',
      'Dato',
      'Værdi',
      'Kilde',
      'Indtastet',
      'Registreret af dig',
      'Registreret',
      'Godkendt af dig',
    ]);
    expect(data.slice(1)).toEqual([
      [
        'Kløverhuse',
        'Kløvervej 3, kælder',
        'Vandmåler',
        expect.any(String),
        'Volumen',
        expect.any(String),
        '21-11-2026',
        '77,25',
        'Web',
        '',
        'Ja',
        '22-11-2026 11:01',
        '',
      ],
    ]);
  });

  it('is for signed-in users only', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/user/mydata' });
    expect(res.statusCode).toBe(401);
  });
});
