import { FoundMeter, MESSAGES } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../helpers/demo-app.ts';
import { ACCOUNT_NAMES, accountIdOf, HEAT_METER, meterOf } from '../../helpers/demo-fixtures.ts';

const NOT_FOUND = { status: 404, body: { Message: 'Det efterspurgte findes ikke.' } };

describe('GET /api/gateway/findbyserial/{accountId}/{serial}', () => {
  const t = useDemoApp({ signIn: ['kunde'] });

  const find = async (serial: string, accountId = t.soparken1, token = t.kunde) => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/gateway/findbyserial/${accountId}/${encodeURIComponent(serial)}`,
      token,
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('finds the account’s meter with its location, whatever the case and surrounding spaces', async () => {
    const heat = await meterOf(t.database.db, ...HEAT_METER);
    const expected = {
      GatewayId: heat.gatewayId,
      GatewayName: 'Søparken 12, kælder',
      DeviceId: heat.deviceId,
      DeviceName: 'Varmemåler opgang 12',
      Serial: 'KAM-603-112233',
    };
    for (const serial of ['KAM-603-112233', 'kam-603-112233', ' KAM-603-112233 ']) {
      const found = await find(serial);
      expect(found.status, serial).toBe(200);
      expect(FoundMeter.parse(found.body)).toEqual(expected);
    }
  });

  it('answers 404 for an unknown serial number and for any meter outside the account', async () => {
    expect(await find('KAM-603-11223')).toEqual(NOT_FOUND);
    // Søparken afdeling 2: the same user's other account.
    expect(await find('ELS-BK4-300711')).toEqual(NOT_FOUND);
    // Kløverhuse: another customer's meter.
    expect(await find('DIE-HYD-101010')).toEqual(NOT_FOUND);
    const klover = await t.login('klover@eksempel.dk');
    expect(await find('KAM-603-112233', t.soparken1, klover)).toEqual(NOT_FOUND);
    const kloverAccount = await accountIdOf(t.database.db, ACCOUNT_NAMES.klover);
    expect(await find('KAM-603-112233', kloverAccount, klover)).toEqual(NOT_FOUND);
    expect((await find('DIE-HYD-101010', kloverAccount, klover)).status).toBe(200);
  });

  it('refuses what cannot be a serial number in Danish', async () => {
    for (const serial of ['x'.repeat(65), ' ', 'a\u0007b']) {
      expect(await find(serial), JSON.stringify(serial)).toEqual({
        status: 400,
        body: {
          Message: serial.includes('\u0007') ? MESSAGES.textControlCharacters : MESSAGES.serialInvalid,
        },
      });
    }
  });
});
