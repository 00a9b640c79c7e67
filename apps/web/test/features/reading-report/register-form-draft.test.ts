// @vitest-environment jsdom
import type { GuaranteedGatewayTree } from '@maaler/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  loadRegisterForm,
  restoreRegisterForm,
  saveRegisterForm,
} from '@/features/reading-report/register-form-draft';
import { readingForm } from '../../support/reading-fixtures';

const ACCOUNT = '7d1f2a4e-0000-4000-8000-000000000001';
const TODAY = '2024-06-15';

function item(id: number, name: string) {
  return {
    DeviceItemId: id,
    Name: name,
    Unit: 'kWh',
    LastValue: null,
    LastDateValue: '-' as const,
    LastDateValueFormatted: '-',
  };
}

const gateways: GuaranteedGatewayTree = [
  {
    GatewayId: 10,
    Name: 'Kælder',
    DeviceList: [
      {
        DeviceId: 20,
        Name: 'Elmåler',
        Type: 'electricity',
        Manual: true,
        DeviceItemList: [item(30, 'Dag'), item(31, 'Nat')],
      },
      { DeviceId: 21, Name: 'Vand', Type: 'water', Manual: true, DeviceItemList: [item(32, 'Volumen')] },
    ],
  },
];

const context = { accountId: ACCOUNT, gateways, todayIso: TODAY };

const draft = readingForm(
  '2024-05-02',
  [
    { deviceItemId: 30, value: '12,5' },
    { deviceItemId: 31, value: 'abc' },
  ],
  { accountId: ACCOUNT, gatewayId: '10', deviceId: '20' },
);

const empty = { accountId: ACCOUNT, gatewayId: '', deviceId: '', date: TODAY, readings: [] };

describe('restoreRegisterForm', () => {
  it('restores a draft that still fits the gateways, as typed', () => {
    expect(restoreRegisterForm(draft, context)).toEqual(draft);
  });

  it.each([
    // What is not a draft at all is dropped with the session copies' check (schema-checked-keys.test.ts).
    ['nothing stored', null],
    ['another account', { ...draft, accountId: '7d1f2a4e-0000-4000-8000-000000000002' }],
  ])('starts empty for %s', (_case, stored) => {
    expect(restoreRegisterForm(stored, context)).toEqual(empty);
  });

  it('keeps the date but drops a location that is gone', () => {
    expect(restoreRegisterForm({ ...draft, gatewayId: '99' }, context)).toEqual({
      ...empty,
      date: '2024-05-02',
    });
  });

  it('keeps the location but drops a meter that is gone', () => {
    expect(restoreRegisterForm({ ...draft, deviceId: '99' }, context)).toEqual({
      ...empty,
      gatewayId: '10',
      date: '2024-05-02',
    });
  });

  it('matches values to measurement points by id, in the order of the meter', () => {
    const stored = {
      ...draft,
      readings: [
        { deviceItemId: 31, value: '7' },
        { deviceItemId: 99, value: '1' },
      ],
    };
    expect(restoreRegisterForm(stored, context).readings).toEqual([
      { deviceItemId: 30, value: '' },
      { deviceItemId: 31, value: '7' },
    ]);
  });

  it.each(['2022-01-31', '2024-06-16', 'igår', ''])(
    'replaces the date %j that is no longer allowed by today',
    (date) => {
      expect(restoreRegisterForm({ ...draft, date }, context).date).toBe(TODAY);
    },
  );
});

describe('registerForm in session storage', () => {
  afterEach(() => window.sessionStorage.clear());

  it('saves the form under registerForm and reads it back', () => {
    saveRegisterForm(draft);
    expect(JSON.parse(window.sessionStorage.getItem('registerForm') ?? 'null')).toEqual(draft);
    expect(loadRegisterForm(context)).toEqual(draft);
  });

  it('reads a damaged value as no draft', () => {
    window.sessionStorage.setItem('registerForm', '{not json');
    expect(loadRegisterForm(context)).toEqual(empty);
  });
});
