import { describe, expect, it } from 'vitest';
import {
  AccountIdParams,
  ChangePasswordRequest,
  CLIENT_READING_SOURCES,
  CustomerListRequest,
  DeviceTypeAccountParams,
  GatewayAccountParams,
  GatewayTree,
  LoginRequest,
  LoginResponse,
  ManualFlagParams,
  MESSAGES,
  NamePasswordSaveRequest,
  READING_ERRORS,
  READING_SOURCE_LABELS,
  READING_SOURCES,
  ReadingBatch,
  ReadingPayload,
  ReadingSource,
  User,
} from '../src/index.ts';

const ACCOUNT = '3f2c1a7e-9b4d-4c8e-a1f0-5d6e7b8c9d0a';
const CUSTOMER = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function messages(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('LoginRequest', () => {
  it('parses a valid login, trimming and lower-casing the e-mail and defaulting rememberme', () => {
    expect(LoginRequest.parse({ email: ' Kunde@Eksempel.dk ', password: 'demo1234', area: 9 })).toEqual({
      email: 'kunde@eksempel.dk',
      password: 'demo1234',
      rememberme: false,
      area: 9,
    });
  });

  it('strips unknown fields', () => {
    const parsed = LoginRequest.parse({
      email: 'a@b.dk',
      password: 'x',
      rememberme: true,
      area: 9,
      isAdmin: true,
    });
    expect(parsed).not.toHaveProperty('isAdmin');
  });

  it('gives Danish messages', () => {
    expect(messages(LoginRequest.safeParse({ email: 'ikke-en-mail', password: 'x', area: 9 }))).toEqual([
      MESSAGES.emailInvalid,
    ]);
    expect(messages(LoginRequest.safeParse({ email: 'ikke-en-mail', password: 'x', area: 9 }))).toEqual([
      'Ugyldig e-mailadresse',
    ]);
    expect(messages(LoginRequest.safeParse({ email: '', password: '', area: 9 }))).toEqual([
      'E-mail skal udfyldes',
      'Adgangskode skal udfyldes',
    ]);
    expect(messages(LoginRequest.safeParse({ password: 'x', area: 9 }))).toEqual(['E-mail skal udfyldes']);
  });

  it('requires area 9', () => {
    expect(messages(LoginRequest.safeParse({ email: 'a@b.dk', password: 'x', area: 8 }))).toEqual([
      MESSAGES.areaInvalid,
    ]);
    expect(LoginRequest.safeParse({ email: 'a@b.dk', password: 'x' }).success).toBe(false);
  });
});

describe('ChangePasswordRequest / NamePasswordSaveRequest', () => {
  it('accepts a valid pair', () => {
    expect(ChangePasswordRequest.parse({ password: 'nyt_kode1', passwordrepeat: 'nyt_kode1' })).toEqual({
      password: 'nyt_kode1',
      passwordrepeat: 'nyt_kode1',
    });
  });

  it('enforces the password rule', () => {
    const result = ChangePasswordRequest.safeParse({ password: 'kort', passwordrepeat: 'kort' });
    expect(messages(result)).toEqual([
      'Adgangskoden skal være på mindst 8 tegn og kun bestå af bogstaver (a-z), tal og _',
    ]);
  });

  it('reports unequal passwords on passwordrepeat', () => {
    const result = NamePasswordSaveRequest.safeParse({
      name: 'Ny Bruger',
      password: 'demo12345',
      passwordrepeat: 'demo12346',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      { message: 'Adgangskoderne er ikke ens', path: ['passwordrepeat'] },
    ]);
  });
});

describe('ReadingBatch', () => {
  const reading = { gatewayId: 1, deviceId: 2, dateRecord: '05/10/2024', deviceItemId: 3, value: '12,5' };

  it('accepts a batch and leaves format checks to business validation', () => {
    expect(ReadingBatch.parse([reading, { ...reading, value: 'abc', dateRecord: '' }])).toHaveLength(2);
  });

  it('rejects an empty batch', () => {
    expect(messages(ReadingBatch.safeParse([]))).toEqual([MESSAGES.readingsEmpty]);
  });

  it('rejects more than 1000 readings', () => {
    expect(messages(ReadingBatch.safeParse(Array.from({ length: 1001 }, () => reading)))).toEqual([
      MESSAGES.readingsTooMany,
    ]);
    expect(ReadingBatch.safeParse(Array.from({ length: 1000 }, () => reading)).success).toBe(true);
  });

  it('rejects a non-array body', () => {
    expect(ReadingBatch.safeParse(reading).success).toBe(false);
  });

  it('checks ids and string bounds', () => {
    expect(messages(ReadingPayload.safeParse({ ...reading, gatewayId: 0 }))).toEqual([
      MESSAGES.gatewayInvalid,
    ]);
    expect(messages(ReadingPayload.safeParse({ ...reading, deviceId: '2' }))).toEqual([
      MESSAGES.deviceInvalid,
    ]);
    expect(messages(ReadingPayload.safeParse({ ...reading, deviceItemId: 1.5 }))).toEqual([
      MESSAGES.deviceItemInvalid,
    ]);
    expect(messages(ReadingPayload.safeParse({ ...reading, value: 12.5 }))).toEqual([
      MESSAGES.readingValueRequired,
    ]);
    expect(ReadingPayload.safeParse({ ...reading, value: '1'.repeat(33) }).success).toBe(false);
    expect(ReadingPayload.safeParse({ ...reading, value: '1'.repeat(32) }).success).toBe(true);
    expect(ReadingPayload.parse({ ...reading, plausibilityOverride: true }).plausibilityOverride).toBe(true);
  });

  it('takes a source and a time of entry as strings and leaves their rules to business validation', () => {
    const offline = { ...reading, source: 'offline', enteredAt: '2026-11-23T14:05:00.000Z' };
    expect(ReadingPayload.parse(offline)).toEqual(offline);
    // A claimed server-only source passes the shape, so the 406 can name the point.
    expect(ReadingPayload.parse({ ...reading, source: 'import' }).source).toBe('import');
    expect(ReadingPayload.parse(reading)).not.toHaveProperty('source');
    expect(messages(ReadingPayload.safeParse({ ...reading, source: 1 }))).toEqual([
      MESSAGES.readingSourceInvalid,
    ]);
    expect(messages(ReadingPayload.safeParse({ ...reading, source: 'w'.repeat(33) }))).toEqual([
      MESSAGES.readingSourceInvalid,
    ]);
    expect(messages(ReadingPayload.safeParse({ ...reading, enteredAt: 1_700_000_000_000 }))).toEqual([
      MESSAGES.enteredAtInvalid,
    ]);
  });
});

describe('ReadingSource', () => {
  it('knows the seven sources and a Danish name for each', () => {
    expect(READING_SOURCES.map((source) => ReadingSource.parse(source))).toEqual([
      'web',
      'offline',
      'import',
      'cli',
      'estimate',
      'selfreading',
      'remote',
    ]);
    expect(ReadingSource.safeParse('manual').success).toBe(false);
    expect(READING_SOURCES.map((source) => READING_SOURCE_LABELS[source])).toEqual([
      'Web',
      'Offline',
      'Import',
      'CLI',
      'Estimeret',
      'Selvaflæsning',
      'Fjernaflæst',
    ]);
    expect(CLIENT_READING_SOURCES).toEqual(['web', 'offline']);
  });
});

describe('other schemas', () => {
  it('CustomerListRequest is a string of guids', () => {
    expect(CustomerListRequest.parse(`${CUSTOMER},${ACCOUNT}`)).toBe(`${CUSTOMER},${ACCOUNT}`);
    expect(CustomerListRequest.safeParse([CUSTOMER]).success).toBe(false);
    expect(messages(CustomerListRequest.safeParse(`${CUSTOMER},nope`))).toEqual([
      MESSAGES.customerListInvalid,
    ]);
  });

  it('path params', () => {
    expect(GatewayAccountParams.parse({ gatewayId: '12', accountId: ACCOUNT })).toEqual({
      gatewayId: 12,
      accountId: ACCOUNT,
    });
    for (const gatewayId of ['0', '-1', '1.5', '1e3', ' 12', '0x10', '']) {
      expect(GatewayAccountParams.safeParse({ gatewayId, accountId: ACCOUNT }).success).toBe(false);
    }
    expect(messages(AccountIdParams.safeParse({ accountId: 'abc' }))).toEqual([MESSAGES.accountInvalid]);
    expect(DeviceTypeAccountParams.safeParse({ type: 'water', accountId: ACCOUNT }).success).toBe(true);
    expect(DeviceTypeAccountParams.safeParse({ type: 'steam', accountId: ACCOUNT }).success).toBe(false);
    expect(ManualFlagParams.parse({ value: '1' })).toEqual({ value: '1' });
    expect(ManualFlagParams.safeParse({ value: '2' }).success).toBe(false);
  });

  it('LoginResponse accepts both outcomes', () => {
    expect(
      LoginResponse.safeParse({
        Success: false,
        Message: 'x',
        ResetPassword: false,
        Token: null,
        Claims: null,
      }).success,
    ).toBe(true);
    expect(
      LoginResponse.safeParse({
        Success: true,
        Message: '',
        ResetPassword: false,
        Token: 'a.b.c',
        Claims: {
          expires: '2024-05-10T12:00:00.000Z',
          nameIdentifier: ACCOUNT,
          name: 'Kunde',
          role: 2,
          accountList: ACCOUNT,
          customerList: CUSTOMER,
          email: 'kunde@eksempel.dk',
        },
      }).success,
    ).toBe(true);
  });

  it('User never carries a password hash', () => {
    const parsed = User.parse({
      guid: ACCOUNT,
      name: 'Kunde',
      email: 'kunde@eksempel.dk',
      role: 2,
      accountList: '',
      customerList: '',
      resetPassword: false,
      passwordHash: 'secret',
    });
    expect(parsed).not.toHaveProperty('passwordHash');
  });

  it('GatewayTree', () => {
    const tree = [
      {
        GatewayId: 1,
        Name: 'Hovedbygning',
        DeviceList: [
          {
            DeviceId: 2,
            Name: 'Varmemåler',
            Type: 'heat',
            Manual: true,
            InstalledOn: null,
            Serial: 'VAR-1',
            DeviceItemList: [
              {
                DeviceItemId: 3,
                Name: 'Energi',
                Unit: 'MWh',
                LastValue: '12,5',
                LastDateValue: '2024-05-01',
                LastDateValueFormatted: '01-05-2024',
                Expected: { min: 12.6, max: 14 },
                RegisterDigits: 5,
                CountsUpOnly: true,
              },
              {
                DeviceItemId: 4,
                Name: 'Volumen',
                Unit: 'm³',
                LastValue: null,
                LastDateValue: '-',
                LastDateValueFormatted: '-',
                Expected: null,
                RegisterDigits: null,
                CountsUpOnly: false,
              },
            ],
          },
        ],
      },
    ];
    expect(GatewayTree.parse(tree)).toEqual(tree);
  });

  it('READING_ERRORS name the measurement point', () => {
    expect(READING_ERRORS.dateTooEarly('Energi')).toBe(
      'Dato for målepunktet "Energi" må ikke være før 01-02-2022',
    );
    expect(READING_ERRORS.valueInvalid('Energi')).toContain('"Energi"');
  });
});
