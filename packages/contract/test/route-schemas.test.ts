import { describe, expect, it } from 'vitest';
import {
  AccountSettingRequest,
  MESSAGES,
  ReadingStatus,
  SerialAccountParams,
  SkipReadingRequest,
} from '../src/index.ts';

const ACCOUNT = '3f2c1a7e-9b4d-4c8e-a1f0-5d6e7b8c9d0a';

function messages(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('SkipReadingRequest', () => {
  const skip = { gatewayId: 1, deviceId: 2 };

  it('takes the four reasons, a note only where given, trimmed, and drops unknown fields', () => {
    for (const reason of ['Ingen adgang', 'Måler defekt', 'Måler ikke fundet'] as const) {
      expect(SkipReadingRequest.parse({ ...skip, reason })).toEqual({ ...skip, reason });
    }
    expect(SkipReadingRequest.parse({ ...skip, reason: 'Andet', note: '  Hund i haven ', by: 'x' })).toEqual({
      ...skip,
      reason: 'Andet',
      note: 'Hund i haven',
    });
  });

  it('refuses another reason in Danish', () => {
    expect(messages(SkipReadingRequest.safeParse({ ...skip, reason: 'Ferie' }))).toEqual([
      'Vælg en årsag: Ingen adgang, Måler defekt, Måler ikke fundet eller Andet',
    ]);
    expect(messages(SkipReadingRequest.safeParse({ ...skip, reason: 'andet', note: 'x' }))).toEqual([
      MESSAGES.skipReasonInvalid,
    ]);
  });

  it('needs a note that is not blank for Andet', () => {
    for (const note of [undefined, '', '   ']) {
      const result = SkipReadingRequest.safeParse({ ...skip, reason: 'Andet', note });
      expect(messages(result), String(note)).toEqual(['Skriv en bemærkning, når årsagen er "Andet"']);
      expect(result.error?.issues[0]?.path).toEqual(['note']);
    }
  });

  it('refuses a note that is not plain text, and ids that are not ids', () => {
    expect(messages(SkipReadingRequest.safeParse({ ...skip, reason: 'Andet', note: 5 }))).toEqual([
      MESSAGES.skipNoteInvalid,
    ]);
    expect(messages(SkipReadingRequest.safeParse({ ...skip, reason: 'Andet', note: 'a\u202eb' }))).toEqual([
      MESSAGES.textControlCharacters,
    ]);
    expect(
      messages(SkipReadingRequest.safeParse({ ...skip, reason: 'Andet', note: 'x'.repeat(2001) })),
    ).toEqual([MESSAGES.textTooLong]);
    expect(
      messages(SkipReadingRequest.safeParse({ gatewayId: '1', deviceId: 0, reason: 'Andet', note: 'x' })),
    ).toEqual([MESSAGES.gatewayInvalid, MESSAGES.deviceInvalid]);
  });
});

describe('AccountSettingRequest: readingPeriod', () => {
  const setting = (key: string, value: string) => ({ accountid: ACCOUNT, key, value });

  it('takes monthly, quarterly and yearly', () => {
    for (const value of ['monthly', 'quarterly', 'yearly']) {
      expect(AccountSettingRequest.parse(setting('readingPeriod', value)).value).toBe(value);
    }
  });

  it('refuses any other value in Danish, naming the choices, while other keys stay free text', () => {
    for (const value of ['weekly', 'Monthly', '']) {
      const result = AccountSettingRequest.safeParse(setting('readingPeriod', value));
      expect(messages(result), value).toEqual([MESSAGES.readingPeriodInvalid]);
      expect(result.error?.issues[0]?.path).toEqual(['value']);
    }
    expect(AccountSettingRequest.parse(setting('lastGateway', 'weekly')).value).toBe('weekly');
    expect(AccountSettingRequest.parse(setting('constructor', 'x')).value).toBe('x');
  });
});

describe('SerialAccountParams', () => {
  it('trims the serial number and refuses blank, long and control characters in Danish', () => {
    expect(SerialAccountParams.parse({ accountId: ACCOUNT, serial: ' KAM-603-112233 ' }).serial).toBe(
      'KAM-603-112233',
    );
    for (const serial of ['', '  ', 'x'.repeat(65)]) {
      expect(messages(SerialAccountParams.safeParse({ accountId: ACCOUNT, serial })), serial).toEqual([
        'Serienummeret skal udfyldes og må højst være på 64 tegn',
      ]);
    }
    expect(messages(SerialAccountParams.safeParse({ accountId: ACCOUNT, serial: 'a\u0000b' }))).toEqual([
      MESSAGES.textControlCharacters,
    ]);
  });
});

describe('ReadingStatus', () => {
  it('parses the route with each point’s status, expected range and skip', () => {
    const point = {
      DeviceItemId: 3,
      Name: 'Volumen',
      Unit: 'm³',
      LastValue: '12,5',
      LastDateValue: '2026-10-01',
      LastDateValueFormatted: '01-10-2026',
      Expected: { min: 13, max: 20 },
      RegisterDigits: null,
      CountsUpOnly: false,
    };
    const statusWith = (points: object[]) => ({
      period: { start: '2026-11-01', end: '2026-11-30' },
      gateways: [
        {
          GatewayId: 1,
          Name: 'Hybenvej',
          DeviceList: [{ DeviceId: 2, Name: 'Hybenvej 1', Serial: 'HYB-1', DeviceItemList: points }],
        },
      ],
    });
    const status = statusWith([
      { ...point, Status: 'Sprunget over', SkipReason: 'Andet', SkipNote: 'Hund' },
      { ...point, DeviceItemId: 4, Status: 'Mangler', SkipReason: null, SkipNote: null },
    ]);
    expect(ReadingStatus.parse(status)).toEqual(status);
    const read = { ...point, Status: 'Læst', SkipReason: null, SkipNote: null };
    expect(ReadingStatus.safeParse(statusWith([read])).success).toBe(false);
    expect(
      ReadingStatus.safeParse({ ...status, period: { start: '01-11-2026', end: '2026-11-30' } }).success,
    ).toBe(false);
  });
});
