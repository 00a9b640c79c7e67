import { describe, expect, it } from 'vitest';
import {
  AccountDetail,
  AccountList,
  CustomerList,
  GatewayTree,
  GuaranteedAccountDetail,
  GuaranteedAccountList,
  GuaranteedCustomerList,
  GuaranteedGatewayTree,
  GuaranteedHistoryList,
  GuaranteedLoginResponse,
  GuaranteedReadingStatus,
  HistoryList,
  LoginResponse,
  ReadingStatus,
} from '../src/index.ts';

// Answers exactly as api-contract.md writes them: none of our additions, ids that are not UUIDs.

const contractTree = [
  {
    GatewayId: 1,
    Name: 'Hovedbygning',
    DeviceList: [
      {
        DeviceId: 2,
        Name: 'Varmemåler',
        DeviceItemList: [
          {
            DeviceItemId: 3,
            Name: 'Energi',
            LastValue: '12,5',
            LastDateValue: '2024-05-01',
            LastDateValueFormatted: '01-05-2024',
          },
        ],
      },
    ],
  },
];

/** The tree's location, meter and point as a route whose one point was skipped. */
const contractStatus = {
  period: { start: '2026-11-01', end: '2026-11-30' },
  gateways: contractTree.map((gateway) => ({
    ...gateway,
    DeviceList: gateway.DeviceList.map((device) => ({
      ...device,
      DeviceItemList: device.DeviceItemList.map((item) => ({
        ...item,
        Expected: null,
        Status: 'Sprunget over',
        SkipReason: 'Ingen adgang',
      })),
    })),
  })),
};

const contractHistory = [
  {
    DeviceItemId: 3,
    Name: 'Energi',
    DateRecord: '2024-05-01',
    DateRecordFormatted: '01-05-2024',
    Value: '12,5',
    RegisteredAt: '2024-05-01T08:30:00Z',
    RegisteredBy: 'Tekniker',
  },
];

const contractLogin = {
  Success: true,
  Message: '',
  ResetPassword: false,
  Token: 'token',
  Claims: {
    expires: '2030-01-01T00:00:00Z',
    nameIdentifier: 'bruger-1',
    name: 'Tekniker',
    role: 0,
    accountList: 'konto-1',
    customerList: 'kunde-1',
    email: 'tekniker@eksempel.dk',
  },
};

describe('what a contract-only server answers', () => {
  it('parses with the guaranteed schemas, which the strict ones our server sends would refuse', () => {
    const cases = [
      [GuaranteedGatewayTree, GatewayTree, contractTree],
      [GuaranteedHistoryList, HistoryList, contractHistory],
      [GuaranteedReadingStatus, ReadingStatus, contractStatus],
      [GuaranteedLoginResponse, LoginResponse, contractLogin],
      [GuaranteedAccountList, AccountList, [{ guid: 'konto-1', name: 'Konto' }]],
      [
        GuaranteedAccountDetail,
        AccountDetail,
        {
          Guid: 'konto-1',
          CustomerId: 'kunde-1',
          CompanyName: 'A/S',
          CompanyAddress: 'Vej 1',
          CompanyPostal: '8000',
          CompanyTown: 'Aarhus C',
        },
      ],
      [
        GuaranteedCustomerList,
        CustomerList,
        [{ guid: 'kunde-1', name: 'Kunde', address: 'Vej 1', postal: '8000', town: 'Aarhus C' }],
      ],
    ] as const;
    for (const [guaranteed, strict, answer] of cases) {
      expect(guaranteed.parse(answer)).toEqual(answer);
      expect(strict.safeParse(answer).success).toBe(false);
    }
  });

  it('keeps our additions when a server sends them', () => {
    const item = {
      ...contractTree[0]?.DeviceList[0]?.DeviceItemList[0],
      Unit: 'MWh',
      Expected: { min: 13, max: 15.5 },
    };
    const device = { ...contractTree[0]?.DeviceList[0], Type: 'heat', Manual: true, DeviceItemList: [item] };
    const tree = [{ ...contractTree[0], DeviceList: [device] }];
    expect(GuaranteedGatewayTree.parse(tree)).toEqual(tree);
    const entry = { ...contractHistory[0], PlausibilityOverride: true, Corrections: [] };
    expect(GuaranteedHistoryList.parse([entry])).toEqual([entry]);
    const offline = { ...entry, Source: 'offline', EnteredAt: '2026-11-20T09:14:00.000Z' };
    expect(GuaranteedHistoryList.parse([offline])).toEqual([offline]);
    expect(GuaranteedHistoryList.safeParse([{ ...offline, Source: 'telepathy' }]).success).toBe(false);
  });

  it('still checks what the contract does guarantee', () => {
    expect(GuaranteedAccountList.safeParse([{ guid: '', name: 'Konto' }]).success).toBe(false);
    expect(GuaranteedHistoryList.safeParse([{ ...contractHistory[0], Value: undefined }]).success).toBe(
      false,
    );
    const withoutName = { ...contractTree[0], Name: undefined };
    expect(GuaranteedGatewayTree.safeParse([withoutName]).success).toBe(false);
    const point = contractStatus.gateways[0]?.DeviceList[0]?.DeviceItemList[0];
    for (const missing of ['Status', 'Expected', 'SkipReason'] as const) {
      const device = {
        ...contractStatus.gateways[0]?.DeviceList[0],
        DeviceItemList: [{ ...point, [missing]: undefined }],
      };
      const status = {
        ...contractStatus,
        gateways: [{ ...contractStatus.gateways[0], DeviceList: [device] }],
      };
      expect(GuaranteedReadingStatus.safeParse(status).success, missing).toBe(false);
    }
  });
});
