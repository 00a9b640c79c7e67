import {
  formatSelfReadingCode,
  SELF_READING_CODE_ALPHABET,
  SELF_READING_TOKEN_HEADER,
  SelfReadingLink,
  SelfReadingOverview,
  SentInvitations,
} from '@maaler/contract';
import { pdfPageTexts } from '@maaler/test-support/pdf-text';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeResident } from '../../../src/db/repositories/meter-residents.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import {
  ACCOUNT_NAMES,
  accountIdOf,
  type DemoMeter,
  KLOVER_METER,
  meterOf,
} from '../../helpers/demo-fixtures.ts';
import { countQueriesWithTransactions } from '../../helpers/query-count.ts';
import { testClock } from '../../helpers/test-app.ts';

// Issue 35, ADR 043: the office's `Selvaflæsning` section on an account of Søparken. The demo's history
// ends on 1 October 2026, so in November every meter is `Mangler`. Two meters get a resident with e-mail.
describe('the office’s self-reading section', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({
    clock,
    signIn: ['admin', 'kunde', 'tekniker'],
    cleanUp: ['new-readings', 'skips'],
    env: { PORT: '8080' },
  });
  let address = 0;
  const nextAddress = () => `10.2.0.${++address}`;
  const CODE_ON_PAGE = new RegExp(
    `[${SELF_READING_CODE_ALPHABET}]{4}-[${SELF_READING_CODE_ALPHABET}]{4}-[${SELF_READING_CODE_ALPHABET}]{2}`,
  );

  beforeEach(async () => {
    const { db } = t.database;
    await db.deleteFrom('self_reading_reminders').execute();
    await db.deleteFrom('self_reading_links').execute();
    await db.deleteFrom('mail_outbox_customers').execute();
    await db.deleteFrom('mail_outbox').execute();
    await db.deleteFrom('meter_residents').execute();
    await writeResident(db, t.heat.deviceId, { name: 'Anna Beboer', email: 'anna@eksempel.dk', phone: '' });
    await writeResident(db, t.hotWater.deviceId, { name: '', email: 'bo@eksempel.dk', phone: '' });
  });

  const overview = async (token = t.admin, accountId = t.soparken1) => {
    const res = await t.inject({ method: 'GET', url: `/api/admin/selfreading/${accountId}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return SelfReadingOverview.parse(res.json());
  };
  const sendInvitations = (token = t.admin, accountId = t.soparken1) =>
    t.inject({ method: 'POST', url: `/api/admin/selfreading/invitations/${accountId}`, token });
  const letters = (token = t.admin, accountId = t.soparken1) =>
    t.inject({ method: 'POST', url: `/api/admin/selfreading/letters/${accountId}`, token });
  const card = (meter: DemoMeter, token = t.admin, accountId = meter.accountId) =>
    t.inject({ method: 'POST', url: `/api/admin/selfreading/card/${meter.deviceId}/${accountId}`, token });
  const openByCode = (code: string) =>
    t.inject({
      method: 'GET',
      url: '/api/selfreading/link',
      headers: { [SELF_READING_TOKEN_HEADER]: code },
      remoteAddress: nextAddress(),
    });
  const outbox = () =>
    t.database.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'text_body', 'html_body'])
      .execute();
  const auditEvents = (event: string) =>
    t.database.db
      .selectFrom('audit_events')
      .select(['details', 'account_id'])
      .where('event', '=', event)
      .execute();

  it('counts the period’s meters, all missing before anyone is invited', async () => {
    const before = await overview();
    expect(before.current).toBe(true);
    expect(before.period).toMatchObject({ start: '2026-11-01', end: '2026-11-30' });
    expect(before.counts.Meters).toBeGreaterThan(2);
    expect(before.counts).toEqual({
      Meters: before.counts.Meters,
      Invited: 0,
      Answered: 0,
      Reminded: 0,
      Missing: before.counts.Meters,
    });
    expect(before.ToInvite).toBe(2);
    expect(before.WithoutEmail).toBe(before.counts.Meters - 2);
    // A past period: the section shows it, but invitations are for the running one.
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/admin/selfreading/${t.soparken1}?date=2026-09-15`,
          token: t.admin,
        })
      ).json(),
    ).toMatchObject({ current: false });
  });

  it('sends one Danish invitation per missing meter with a resident e-mail, and nothing twice', async () => {
    const first = await sendInvitations();
    expect(first.statusCode, first.body).toBe(200);
    const { Meters } = (await overview()).counts;
    expect(SentInvitations.parse(first.json())).toEqual({
      Sent: 2,
      AlreadyInvited: 0,
      WithoutEmail: Meters - 2,
    });
    const mails = await outbox();
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(['anna@eksempel.dk', 'bo@eksempel.dk']);
    const anna = mails.find((mail) => mail.recipient === 'anna@eksempel.dk');
    expect(anna?.subject).toBe('Aflæs din måler');
    expect(anna?.text_body).toContain('Hej Anna Beboer');
    expect(anna?.text_body).toContain('Måler: Varmemåler opgang 12');
    expect(anna?.text_body).toContain('Indberet senest 14-12-2026.');
    expect(anna?.text_body).toMatch(/http:\/\/localhost:8080\/aflaesning#[\w-]{43}/);
    expect(anna?.html_body).toMatch(
      /<a href="http:\/\/localhost:8080\/aflaesning#[\w-]{43}">Indberet din aflæsning<\/a>/,
    );

    const again = await sendInvitations();
    expect(SentInvitations.parse(again.json())).toEqual({
      Sent: 0,
      AlreadyInvited: 2,
      WithoutEmail: Meters - 2,
    });
    expect(await outbox()).toHaveLength(2);
    const after = await overview();
    expect(after.counts).toMatchObject({ Invited: 2, Answered: 0, Missing: Meters });
    expect(after.ToInvite).toBe(0);
    const [event] = await auditEvents('selfreading.invitations-sent');
    expect(event?.account_id).toBe(t.soparken1);
    expect(JSON.parse(String(event?.details))).toMatchObject({ sent: 2, alreadyInvited: 0 });
  });

  it('queues its invitations in the same few statements however many meters it invites', async () => {
    const { db } = t.database;
    const statementsToSend = async (expected: number) => {
      let answer: Awaited<ReturnType<typeof sendInvitations>> | undefined;
      const statements = await countQueriesWithTransactions(db, async () => {
        answer = await sendInvitations();
      });
      expect(SentInvitations.parse(answer?.json()).Sent).toBe(expected);
      return statements;
    };
    const forTwo = await statementsToSend(2);

    await db.deleteFrom('self_reading_links').execute();
    await db.deleteFrom('mail_outbox_customers').execute();
    await db.deleteFrom('mail_outbox').execute();
    const meters = await db
      .selectFrom('devices as d')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .where('g.account_id', '=', t.soparken1)
      .where('d.retired_at', 'is', null)
      .select('d.id')
      .execute();
    for (const [n, meter] of meters.entries()) {
      await writeResident(db, meter.id, { name: '', email: `beboer-${n}@eksempel.dk`, phone: '' });
    }
    expect(meters.length).toBeGreaterThan(2);
    expect(await statementsToSend(meters.length)).toBe(forTwo);
    expect(await outbox()).toHaveLength(meters.length);
  });

  it('counts an answered link and a reminded one; the answered meter is no longer missing', async () => {
    await sendInvitations();
    const mail = (await outbox()).find((row) => row.recipient === 'bo@eksempel.dk');
    const token = /aflaesning#([\w-]{43})/.exec(mail?.text_body ?? '')?.[1] ?? '';
    const res = await t.inject({
      method: 'POST',
      url: '/api/selfreading/reading',
      payload: { token, values: [{ deviceItemId: t.hotWater.items.Volumen, value: '17' }] },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const link = await t.database.db
      .selectFrom('self_reading_links')
      .select('id')
      .where('device_id', '=', t.heat.deviceId)
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('self_reading_reminders')
      .values({ link_id: link.id, step: 'before-deadline', sent_at: clock.now().toISOString() })
      .execute();
    const { counts } = await overview();
    expect(counts).toMatchObject({ Invited: 2, Answered: 1, Reminded: 1, Missing: counts.Meters - 1 });
  });

  it('prints one letter per missing meter without e-mail, each with a code that opens its meter', async () => {
    const { WithoutEmail } = await overview();
    const res = await letters();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="selvaflaesning-breve.pdf"');
    const pages = await pdfPageTexts(res.rawPayload);
    expect(pages).toHaveLength(WithoutEmail);
    const cold = pages.find((page) => page.includes('Koldt vand hovedmåler'));
    expect(cold).toContain('Boligforeningen Søparken');
    expect(cold).toContain('Frist');
    expect(cold).toContain('14-12-2026');
    expect(cold).toContain('http://localhost:8080/aflaesning');
    expect(pages.some((page) => page.includes('Varmemåler opgang 12'))).toBe(false);
    const code = CODE_ON_PAGE.exec(cold ?? '')?.[0] ?? '';
    // Typed as people type: lower case, with or without its dashes.
    const opened = await openByCode(code.toLowerCase());
    expect(opened.statusCode, opened.body).toBe(200);
    expect(SelfReadingLink.parse(opened.json()).meterName).toBe('Koldt vand hovedmåler');
    expect((await openByCode(code.replaceAll('-', ''))).statusCode).toBe(200);
    // Every page its own code; the stored rows hold hashes only.
    const codes = pages.map((page) => CODE_ON_PAGE.exec(page)?.[0]);
    expect(new Set(codes).size).toBe(WithoutEmail);
    const stored = await t.database.db.selectFrom('self_reading_links').select('code_hash').execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(code.replaceAll('-', ''));
    expect((await overview()).counts.Invited).toBe(WithoutEmail);
    expect(await auditEvents('selfreading.letters-printed')).toHaveLength(1);
  });

  it('refuses a wrong code like any refused link', async () => {
    await letters();
    const res = await openByCode(formatSelfReadingCode('2222222222'));
    expect(res.statusCode).toBe(404);
  });

  it('lists the meters skipped with Ingen adgang and prints the card of one', async () => {
    const skip = await t.inject({
      method: 'POST',
      url: `/api/gateway/skipreading/${t.soparken1}`,
      token: t.admin,
      payload: { gatewayId: t.coldWater.gatewayId, deviceId: t.coldWater.deviceId, reason: 'Ingen adgang' },
    });
    expect(skip.statusCode, skip.body).toBe(200);
    const { noAccess } = await overview();
    expect(noAccess).toEqual([
      expect.objectContaining({
        DeviceId: t.coldWater.deviceId,
        DeviceName: 'Koldt vand hovedmåler',
        HasEmail: false,
      }),
    ]);
    const res = await card(t.coldWater);
    expect(res.statusCode, res.body).toBe(200);
    const pages = await pdfPageTexts(res.rawPayload);
    expect(pages).toHaveLength(1);
    const code = CODE_ON_PAGE.exec(pages[0] ?? '')?.[0] ?? '';
    expect(SelfReadingLink.parse((await openByCode(code)).json()).meterName).toBe('Koldt vand hovedmåler');
    expect(await auditEvents('selfreading.card-printed')).toHaveLength(1);
  });

  it('answers 409 when no missing meter lacks an e-mail', async () => {
    const { db } = t.database;
    const meters = await db
      .selectFrom('devices as d')
      .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
      .where('g.account_id', '=', t.soparken1)
      .select('d.id')
      .execute();
    for (const meter of meters)
      await writeResident(db, meter.id, { name: '', email: `m${meter.id}@eksempel.dk`, phone: '' });
    const res = await letters();
    expect(res.statusCode).toBe(409);
    expect(res.json().Message ?? res.body).toContain('ingen breve at udskrive');
  });

  it('is for administrators only, and another customer’s account or meter is 404 on every call', async () => {
    for (const token of [t.kunde, t.tekniker]) {
      expect(
        (await t.inject({ method: 'GET', url: `/api/admin/selfreading/${t.soparken1}`, token })).statusCode,
      ).toBe(403);
      expect((await sendInvitations(token)).statusCode).toBe(403);
      expect((await letters(token)).statusCode).toBe(403);
      expect((await card(t.heat, token)).statusCode).toBe(403);
    }
    const klover = await accountIdOf(t.database.db, ACCOUNT_NAMES.klover);
    const kloverMeter = await meterOf(t.database.db, ...KLOVER_METER);
    expect(
      (await t.inject({ method: 'GET', url: `/api/admin/selfreading/${klover}`, token: t.admin })).statusCode,
    ).toBe(404);
    expect((await sendInvitations(t.admin, klover)).statusCode).toBe(404);
    expect((await letters(t.admin, klover)).statusCode).toBe(404);
    expect((await card(kloverMeter)).statusCode).toBe(404);
    // Another customer's meter under the administrator's own account.
    expect((await card(kloverMeter, t.admin, t.soparken1)).statusCode).toBe(404);
    expect(await outbox()).toHaveLength(0);
    expect(await t.database.db.selectFrom('self_reading_links').select('id').execute()).toHaveLength(0);
  });
});
