import { IssuedSelfReadingLink, SELF_READING_TOKEN_HEADER, SelfReadingLink } from '@maaler/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { REMINDER_JOB } from '../../../src/plugins/jobs.ts';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { type DemoMeter, meterOf } from '../../helpers/demo-fixtures.ts';
import { testClock } from '../../helpers/test-app.ts';

// Issue 35, ADR 044: `Påmindelse` goes once per meter, period and step, days before the link's deadline,
// to the resident whose meter is still not read.
const HYBENVEJ = 'Rækkehusene, Hybenvej';
/** November's links end on 14 December (SELF_READING_DEADLINE_DAYS 14); the window opens on the 11th. */
const ISSUED = new Date('2026-11-22T10:00:00Z');
const IN_WINDOW = new Date('2026-12-12T08:00:00Z');

describe('the reminder job', () => {
  const clock = testClock(ISSUED);
  const t = useDemoApp({ clock, signIn: ['admin'], env: { PORT: '8080' } });
  afterEach(async () => {
    clock.set(ISSUED);
    const { db } = t.database;
    await db.deleteFrom('self_reading_links').execute();
    await db.deleteFrom('mail_outbox_customers').execute();
    await db.deleteFrom('mail_outbox').execute();
    await db.deleteFrom('readings').where('date_record', '>=', '2026-11-01').execute();
  });

  const house = (n: number) => meterOf(t.database.db, HYBENVEJ, `Hybenvej ${n}`);
  const issue = async (meter: DemoMeter, recipientEmail: string | null) => {
    const res = await t.inject({
      method: 'POST',
      url: `/api/admin/selfreading/link/${meter.deviceId}/${meter.accountId}`,
      token: t.admin,
      payload: { recipientEmail },
    });
    expect(res.statusCode, res.body).toBe(200);
    return IssuedSelfReadingLink.parse(res.json()).url;
  };
  const run = async () => {
    const outcome = await t.app.jobs.runOnce(REMINDER_JOB);
    if (!outcome.ran) throw new Error('the job did not run');
    return outcome.result;
  };
  const reminders = () =>
    t.database.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'text_body', 'html_body'])
      .where('subject', 'like', 'Påmindelse%')
      .orderBy('recipient')
      .execute();
  const openLink = (url: string) =>
    t.inject({
      method: 'GET',
      url: '/api/selfreading/link',
      headers: { [SELF_READING_TOKEN_HEADER]: url.split('#')[1] ?? '' },
      remoteAddress: `10.9.0.${Math.floor(Math.random() * 250) + 1}`,
    });

  it('reminds each unread meter once per step, with a working link, and never twice', async () => {
    const first = await issue(await house(1), 'beboer1@eksempel.dk');
    await issue(await house(2), 'beboer2@eksempel.dk');
    clock.set(IN_WINDOW);

    expect(await run()).toEqual({ reminded: 2 });
    expect(await run()).toEqual({ reminded: 0 });
    clock.set(new Date('2026-12-14T20:00:00Z'));
    expect(await run()).toEqual({ reminded: 0 });

    const sent = await reminders();
    expect(sent.map((mail) => mail.recipient)).toEqual(['beboer1@eksempel.dk', 'beboer2@eksempel.dk']);
    const [mail] = sent;
    expect(mail?.subject).toBe('Påmindelse: aflæs din måler');
    expect(mail?.text_body).toContain('Husk at aflæse den senest 14-12-2026.');
    expect(mail?.text_body).toContain('Måler: Hybenvej 1, serienr. HYB-001');
    expect(mail?.html_body).toContain('<a href="http://localhost:8080/aflaesning#');
    const rows = await t.database.db.selectFrom('self_reading_reminders').select('step').execute();
    expect(rows).toEqual([{ step: 'before-deadline' }, { step: 'before-deadline' }]);

    // The reminder's own token opens the same link, and the invitation's first one still does.
    const url = /http:\/\/localhost:8080\/aflaesning#[\w-]{43}/.exec(mail?.text_body ?? '')?.[0] ?? '';
    expect(url).not.toBe(first);
    for (const address of [url, first]) {
      const page = await openLink(address);
      expect(page.statusCode, page.body).toBe(200);
      expect(SelfReadingLink.parse(page.json()).meterName).toBe('Hybenvej 1');
    }
  });

  it('reminds a meter once per period even when it has several links, through the newest', async () => {
    const meter = await house(3);
    await issue(meter, 'beboer3@eksempel.dk');
    await issue(meter, 'beboer3@eksempel.dk');
    clock.set(IN_WINDOW);
    expect(await run()).toEqual({ reminded: 1 });
    expect(await run()).toEqual({ reminded: 0 });
    expect(await reminders()).toHaveLength(1);
  });

  it('sends none for a read meter, a link without the resident e-mail, or outside the window', async () => {
    const read = await house(4);
    const readUrl = await issue(read, 'beboer4@eksempel.dk');
    await issue(await house(5), null);
    await issue(await house(6), 'someone-else@eksempel.dk');
    await issue(await house(7), 'beboer7@eksempel.dk');
    // The resident of house 4 reads the meter through the link: it is `Aflæst`.
    const [, token] = readUrl.split('#');
    const sentReading = await t.inject({
      method: 'POST',
      url: '/api/selfreading/reading',
      payload: {
        token,
        values: Object.values(read.items).map((deviceItemId) => ({ deviceItemId, value: '999' })),
      },
      remoteAddress: '10.9.1.1',
    });
    expect(sentReading.statusCode, sentReading.body).toBe(200);

    clock.set(new Date('2026-12-10T12:00:00Z')); // before the window
    expect(await run()).toEqual({ reminded: 0 });
    clock.set(new Date('2026-12-15T08:00:00Z')); // after the deadline
    expect(await run()).toEqual({ reminded: 0 });
    clock.set(IN_WINDOW);
    expect(await run()).toEqual({ reminded: 1 });
    expect((await reminders()).map((mail) => mail.recipient)).toEqual(['beboer7@eksempel.dk']);
  });

  it('sends none for a link issued inside the window: its invitation is as fresh as a reminder', async () => {
    await issue(await house(8), 'beboer8@eksempel.dk');
    // As if issued on the window's first day (with a deadline closer to the period's end, a skip then would).
    await t.database.db
      .updateTable('self_reading_links')
      .set({ created_at: '2026-12-11T07:00:00.000Z' })
      .execute();
    clock.set(new Date('2026-12-13T08:00:00Z'));
    expect(await run()).toEqual({ reminded: 0 });
  });

  it('still reminds a meter that only has an estimate in the period', async () => {
    const meter = await house(9);
    await issue(meter, 'beboer9@eksempel.dk');
    const [deviceItemId] = Object.values(meter.items);
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@eksempel.dk')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('readings')
      .values({
        device_item_id: deviceItemId ?? 0,
        date_record: '2026-11-30',
        value: '1',
        registered_by: user.id,
        registered_at: ISSUED.toISOString(),
        plausibility_override: 0,
        source: 'estimate',
      })
      .execute();
    clock.set(IN_WINDOW);
    expect(await run()).toEqual({ reminded: 1 });
  });
});
