import type { ReadingPayload } from '@maaler/contract';
import { HistoryList, MESSAGES } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { postReadings, readingOf } from '../../helpers/reading-requests.ts';
import { testClock } from '../../helpers/test-app.ts';

describe('POST /api/gateway/loaddeviceitemhistorylist/{accountId}', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useDemoApp({ clock, signIn: ['kunde', 'admin'] });

  const history = (body: object, accountId = t.soparken1, token = t.kunde) =>
    t.inject({
      method: 'POST',
      url: `/api/gateway/loaddeviceitemhistorylist/${accountId}`,
      token,
      payload: body,
    });

  /** One reading of the Søparken heat meter's `Energi` on account Søparken 1. */
  const sendEnergi = (token: string, usDate: string, value: string, extra?: Partial<ReadingPayload>) =>
    postReadings(t, {
      token,
      accountId: t.soparken1,
      payload: [readingOf(t.heat, 'Energi', usDate, value, extra)],
    });

  it('lists the meter’s readings newest date first, with who registered them and their corrections', async () => {
    await sendEnergi(t.kunde, '11/20/2026', '500,5', { plausibilityOverride: true });
    const firstChange = new Date(clock.now().getTime() + 60_000);
    clock.set(firstChange);
    await sendEnergi(t.admin, '11/20/2026', '501');
    clock.advance(60_000);
    await sendEnergi(t.kunde, '11/20/2026', '501,25');

    const res = await history({ gatewayId: t.heat.gatewayId, deviceId: t.heat.deviceId });
    expect(res.statusCode).toBe(200);
    const list = HistoryList.parse(res.json());

    const dates = list.map((entry) => entry.DateRecord);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(list.map((entry) => entry.DeviceItemId))).toEqual(
      new Set([t.heat.items.Energi, t.heat.items.Volumen]),
    );
    // Six months of demo history for both points plus the new reading.
    expect(list).toHaveLength(13);

    expect(list[0]).toEqual({
      DeviceItemId: t.heat.items.Energi,
      Name: 'Energi',
      DateRecord: '2026-11-20',
      DateRecordFormatted: '20-11-2026',
      Value: '501,25',
      RegisteredAt: clock.now().toISOString(),
      RegisteredBy: 'Karen Kunde',
      PlausibilityOverride: false,
      Corrections: [
        {
          OldValue: '500,5',
          NewValue: '501',
          ChangedAt: firstChange.toISOString(),
          // Issue 33 §7: a customer user never gets the names of staff, only their own and other residents'.
          ChangedBy: 'Personale',
        },
        {
          OldValue: '501',
          NewValue: '501,25',
          ChangedAt: clock.now().toISOString(),
          ChangedBy: 'Karen Kunde',
        },
      ],
      Source: 'web',
      EnteredAt: null,
      Reason: 'periodic',
    });
    expect(list[1]).toMatchObject({
      DateRecord: '2026-10-01',
      RegisteredBy: 'Personale',
      Corrections: [],
      Source: 'import',
      EnteredAt: null,
    });
  });

  it('shows staff names to staff: an administrator sees who of them registered and corrected', async () => {
    await sendEnergi(t.kunde, '11/21/2026', '510');
    clock.advance(60_000);
    await sendEnergi(t.admin, '11/21/2026', '511');
    const body = { gatewayId: t.heat.gatewayId, deviceId: t.heat.deviceId };
    const [asAdmin, asResident] = await Promise.all([
      history(body, t.soparken1, t.admin).then((res) => HistoryList.parse(res.json())),
      history(body, t.soparken1, t.kunde).then((res) => HistoryList.parse(res.json())),
    ]);
    const newest = (list: HistoryList) => list.find((entry) => entry.DateRecord === '2026-11-21');
    expect(newest(asAdmin)).toMatchObject({
      RegisteredBy: 'Anders Administrator',
      Corrections: [{ OldValue: '510', NewValue: '511', ChangedBy: 'Anders Administrator' }],
    });
    expect(newest(asResident)).toMatchObject({
      RegisteredBy: 'Personale',
      Corrections: [{ OldValue: '510', NewValue: '511', ChangedBy: 'Personale' }],
    });
    const demo = (list: HistoryList) => list.find((entry) => entry.DateRecord === '2026-10-01');
    expect(demo(asAdmin)?.RegisteredBy).toBe('Torben Tekniker');
    expect(demo(asResident)?.RegisteredBy).toBe('Personale');
  });

  it('answers 404 when the meter is not at that location or not in that account', async () => {
    const wrongGateway = await history({ gatewayId: t.heat.gatewayId + 1000, deviceId: t.heat.deviceId });
    expect(wrongGateway.statusCode).toBe(404);
    const otherAccount = await history(
      { gatewayId: t.heat.gatewayId, deviceId: t.heat.deviceId },
      t.soparken2,
    );
    expect(otherAccount.statusCode).toBe(404);
    const meterElsewhere = await history({ gatewayId: t.heat.gatewayId, deviceId: t.hotWater.deviceId });
    expect(meterElsewhere.statusCode).toBe(404);
    const mixed = await history({ gatewayId: t.heat.gatewayId, deviceId: 999_999 });
    expect(mixed.statusCode).toBe(404);
  });

  it('answers a malformed body with 400', async () => {
    const res = await history({ gatewayId: String(t.heat.gatewayId), deviceId: t.heat.deviceId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Message: MESSAGES.gatewayInvalid });
  });
});
