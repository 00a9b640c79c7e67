import { SELF_READING_TOKEN_HEADER, SelfReadingLink, SkipReadingResponse } from '@maaler/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { type DemoMeter, meterOf } from '../../helpers/demo-fixtures.ts';
import { postSkip } from '../../helpers/route-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

// Issue 35, ADR 044: a reader's `Ingen adgang` sends the resident the period's link at once, once.
const HYBENVEJ = 'Rækkehusene, Hybenvej';
const SKIPPED_AT = new Date('2026-11-22T10:00:00Z');

describe('an Ingen adgang skip and the resident', () => {
  const clock = testClock(SKIPPED_AT);
  const t = useDemoApp({ clock, signIn: ['tekniker', 'admin'], env: { PORT: '8080' }, cleanUp: ['skips'] });
  afterEach(async () => {
    clock.set(SKIPPED_AT);
    const { db } = t.database;
    await db.deleteFrom('self_reading_links').execute();
    await db.deleteFrom('mail_outbox_customers').execute();
    await db.deleteFrom('mail_outbox').execute();
    await db.deleteFrom('idempotency_keys').execute();
  });

  const house = (n: number) => meterOf(t.database.db, HYBENVEJ, `Hybenvej ${n}`);
  const skip = async (meter: DemoMeter, reason: string, options: { token?: string; key?: string } = {}) => {
    const res = await postSkip(t, {
      token: options.token ?? t.tekniker,
      accountId: meter.accountId,
      payload: { gatewayId: meter.gatewayId, deviceId: meter.deviceId, reason },
      ...(options.key ? { idempotencyKey: options.key } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return SkipReadingResponse.parse(res.json()).ResidentLinkSent;
  };
  const invitations = () =>
    t.database.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'text_body'])
      .where('subject', '=', 'Aflæs din måler')
      .execute();
  const links = () =>
    t.database.db.selectFrom('self_reading_links').select(['device_id', 'recipient_email']).execute();

  it('issues the period link and writes one invitation whose link opens the meter', async () => {
    const meter = await house(1);
    expect(await skip(meter, 'Ingen adgang')).toBe(true);
    expect(await links()).toEqual([{ device_id: meter.deviceId, recipient_email: 'beboer1@eksempel.dk' }]);
    const [mail, ...more] = await invitations();
    expect(more).toEqual([]);
    expect(mail?.recipient).toBe('beboer1@eksempel.dk');
    expect(mail?.text_body).toContain('Måler: Hybenvej 1, serienr. HYB-001');
    expect(mail?.text_body).toContain('Indberet senest 14-12-2026.');
    const token = /http:\/\/localhost:8080\/aflaesning#([\w-]{43})/.exec(mail?.text_body ?? '')?.[1] ?? '';
    const page = await t.inject({
      method: 'GET',
      url: '/api/selfreading/link',
      headers: { [SELF_READING_TOKEN_HEADER]: token },
      remoteAddress: '10.8.0.1',
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(SelfReadingLink.parse(page.json()).meterName).toBe('Hybenvej 1');
  });

  it('sends nothing again for a repeat: the same key, the same skip, another reader, another day', async () => {
    const meter = await house(2);
    expect(await skip(meter, 'Ingen adgang', { key: 'skip-once' })).toBe(true);
    // The replay repeats the first answer; nothing runs again.
    expect(await skip(meter, 'Ingen adgang', { key: 'skip-once' })).toBe(true);
    expect(await skip(meter, 'Ingen adgang')).toBe(false);
    expect(await skip(meter, 'Ingen adgang', { token: t.admin })).toBe(false);
    clock.set(new Date('2026-11-22T23:30:00Z')); // 23 November in Copenhagen
    const nextDay = await t.login('tekniker@eksempel.dk');
    expect(await skip(meter, 'Ingen adgang', { token: nextDay })).toBe(false);
    expect(await invitations()).toHaveLength(1);
    expect(await links()).toHaveLength(1);
  });

  it('reuses a link the office already issued to the resident', async () => {
    const meter = await house(3);
    const issued = await t.inject({
      method: 'POST',
      url: `/api/admin/selfreading/link/${meter.deviceId}/${meter.accountId}`,
      token: t.admin,
      payload: { recipientEmail: 'beboer3@eksempel.dk' },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(await skip(meter, 'Ingen adgang')).toBe(true);
    expect(await links()).toHaveLength(1);
    expect(await invitations()).toHaveLength(1);
  });

  it('sends exactly one invitation for two readers skipping the meter at the same moment', async () => {
    const meter = await house(4);
    const sent = await Promise.all([
      skip(meter, 'Ingen adgang'),
      skip(meter, 'Ingen adgang', { token: t.admin }),
    ]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(await invitations()).toHaveLength(1);
    expect(await links()).toHaveLength(1);
  });

  it('sends nothing for another reason, a meter without a resident e-mail, or a retired meter', async () => {
    expect(await skip(await house(5), 'Måler defekt')).toBe(false);
    expect(await skip(t.coldWater, 'Ingen adgang', { token: t.admin })).toBe(false);
    const retired = await house(6);
    await t.database.db
      .updateTable('devices')
      .set({ retired_at: '2026-11-20T10:00:00.000Z' })
      .where('id', '=', retired.deviceId)
      .execute();
    try {
      expect(await skip(retired, 'Ingen adgang')).toBe(false);
    } finally {
      await t.database.db
        .updateTable('devices')
        .set({ retired_at: null })
        .where('id', '=', retired.deviceId)
        .execute();
    }
    expect(await invitations()).toEqual([]);
    expect(await links()).toEqual([]);
  });
});
