/** Danish demo data: who exists, what they can reach, and which meters they read. */

export const DEMO_PASSWORD = 'demo1234';

export type DemoCustomer = { key: string; name: string; address: string; postal: string; town: string };
export type DemoItem = {
  name: string;
  unit: string /** typical consumption per day, for history */;
  perDay?: number;
  start?: number;
};
export type DemoDevice = {
  name: string;
  type: 'heat' | 'water' | 'electricity' | 'gas' | 'other';
  manual: boolean;
  serial: string;
  /** Place in the location's route; none: by name. */
  sequence?: number;
  /** The resident of the meter's place (ADR 039). */
  resident?: { name: string; email: string; phone: string };
  items: DemoItem[];
};
export type DemoGateway = { name: string; address: string; sequence?: number; devices: DemoDevice[] };
export type DemoAccount = { key: string; customer: string; name: string; gateways: DemoGateway[] };
export type DemoUser = {
  email: string;
  name: string;
  role: number;
  customers: string[];
  accounts: string[];
  resetPassword: boolean;
};

export const demoCustomers: DemoCustomer[] = [
  {
    key: 'soparken',
    name: 'Boligforeningen Søparken',
    address: 'Søparken 12',
    postal: '8260',
    town: 'Viby J',
  },
  {
    key: 'norrevang',
    name: 'Ejendomsselskabet Nørrevang A/S',
    address: 'Nørrevang 4',
    postal: '5000',
    town: 'Odense C',
  },
  {
    key: 'klover',
    name: 'Andelsboligforeningen Kløverhuse',
    address: 'Kløvervej 3',
    postal: '2300',
    town: 'København S',
  },
];

const FIRST_NAMES = [
  'Anna',
  'Bo',
  'Camilla',
  'Dennis',
  'Emma',
  'Frederik',
  'Gitte',
  'Henrik',
  'Ida',
  'Jonas',
];
const LAST_NAMES = ['Andersen', 'Berg', 'Christensen', 'Dahl', 'Eriksen'];

/** A made-up resident of house `house` with the e-mail `beboer{house}@eksempel.dk`. */
function terraceResident(house: number) {
  const first = FIRST_NAMES[house % FIRST_NAMES.length];
  const last = LAST_NAMES[Math.floor(house / FIRST_NAMES.length) % LAST_NAMES.length];
  return {
    name: `${first} ${last}`,
    email: `beboer${house}@eksempel.dk`,
    phone: `20 30 ${String(house).padStart(2, '0')} 00`,
  };
}

/** Houses on each side of the street in the route location below. */
const HOUSES_PER_SIDE = 25;

/**
 * A terrace of 50 houses with a cold-water meter each, for route mode: the meter reader walks up
 * the odd side and back down the even side, so the route order (sequence 1-50) is not the name
 * order. Every meter has a history, so each has an expected range.
 */
function terraceMeters(): DemoDevice[] {
  const odd = Array.from({ length: HOUSES_PER_SIDE }, (_, i) => 2 * i + 1);
  const even = Array.from({ length: HOUSES_PER_SIDE }, (_, i) => 2 * (HOUSES_PER_SIDE - i));
  return [...odd, ...even].map((house, index) => ({
    name: `Hybenvej ${house}`,
    type: 'water',
    manual: true,
    serial: `HYB-${String(house).padStart(3, '0')}`,
    sequence: index + 1,
    resident: terraceResident(house),
    items: [{ name: 'Volumen', unit: 'm³', perDay: 0.3 + (house % 5) * 0.05, start: 400 + house * 7.5 }],
  }));
}

export const demoAccounts: DemoAccount[] = [
  {
    key: 'soparken-1',
    customer: 'soparken',
    name: 'Søparken afdeling 1',
    gateways: [
      {
        name: 'Søparken 12, kælder',
        address: 'Søparken 12, 8260 Viby J',
        devices: [
          {
            name: 'Varmemåler opgang 12',
            type: 'heat',
            manual: true,
            serial: 'KAM-603-112233',
            items: [
              { name: 'Energi', unit: 'MWh', perDay: 0.35, start: 412.6 },
              { name: 'Volumen', unit: 'm³', perDay: 6.2, start: 8123.4 },
            ],
          },
          {
            name: 'Koldt vand hovedmåler',
            type: 'water',
            manual: true,
            serial: 'DIE-HYD-778899',
            items: [{ name: 'Volumen', unit: 'm³', perDay: 14.5, start: 20511 }],
          },
        ],
      },
      {
        name: 'Søparken 14, teknikrum',
        address: 'Søparken 14, 8260 Viby J',
        devices: [
          {
            name: 'Elmåler fællesarealer',
            type: 'electricity',
            manual: true,
            serial: 'KAM-382-445566',
            items: [
              { name: 'Forbrug dag', unit: 'kWh', perDay: 42, start: 15230 },
              { name: 'Forbrug nat', unit: 'kWh', perDay: 18, start: 6120 },
            ],
          },
          {
            name: 'Varmt vand',
            type: 'water',
            manual: true,
            serial: 'DIE-MUL-112244',
            items: [{ name: 'Volumen', unit: 'm³' }],
          },
        ],
      },
    ],
  },
  {
    key: 'soparken-2',
    customer: 'soparken',
    name: 'Søparken afdeling 2',
    gateways: [
      {
        name: 'Søparken 20, fyrrum',
        address: 'Søparken 20, 8260 Viby J',
        devices: [
          {
            name: 'Gasmåler kedel',
            type: 'gas',
            manual: true,
            serial: 'ELS-BK4-300711',
            items: [{ name: 'Volumen', unit: 'm³', perDay: 21.3, start: 45210.25 }],
          },
          {
            name: 'Varmemåler fjernvarme',
            type: 'heat',
            manual: true,
            serial: 'KAM-803-900120',
            items: [
              { name: 'Energi', unit: 'MWh', perDay: 0.9, start: 1288.4 },
              { name: 'Volumen', unit: 'm³', perDay: 15.1, start: 30220.7 },
              { name: 'Driftstimer', unit: 'timer', perDay: 24, start: 35040 },
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'norrevang-erhverv',
    customer: 'norrevang',
    name: 'Nørrevang erhvervslejemål',
    gateways: [
      {
        name: 'Nørrevang 4, kælder',
        address: 'Nørrevang 4, 5000 Odense C',
        devices: [
          {
            name: 'Elmåler hovedtavle',
            type: 'electricity',
            manual: true,
            serial: 'ECH-EM-2231',
            items: [{ name: 'Forbrug', unit: 'kWh', perDay: 310, start: 98455.5 }],
          },
          {
            name: 'Vandmåler',
            type: 'water',
            manual: true,
            serial: 'DIE-HYD-556677',
            items: [{ name: 'Volumen', unit: 'm³', perDay: 3.4, start: 2210.125 }],
          },
          {
            name: 'Varmemåler (fjernaflæst)',
            type: 'heat',
            manual: false,
            serial: 'KAM-603-998877',
            items: [{ name: 'Energi', unit: 'MWh' }],
          },
        ],
      },
      {
        name: 'Rækkehusene, Hybenvej',
        address: 'Hybenvej 1-50, 5000 Odense C',
        sequence: 1,
        devices: terraceMeters(),
      },
    ],
  },
  {
    key: 'klover',
    customer: 'klover',
    name: 'Kløverhuse',
    gateways: [
      {
        name: 'Kløvervej 3, kælder',
        address: 'Kløvervej 3, 2300 København S',
        devices: [
          {
            name: 'Vandmåler',
            type: 'water',
            manual: true,
            serial: 'DIE-HYD-101010',
            items: [{ name: 'Volumen', unit: 'm³', perDay: 9.8, start: 7001 }],
          },
        ],
      },
    ],
  },
];

export const demoUsers: DemoUser[] = [
  {
    email: 'tekniker@eksempel.dk',
    name: 'Torben Tekniker',
    role: 0,
    customers: ['norrevang'],
    accounts: ['norrevang-erhverv'],
    resetPassword: false,
  },
  {
    email: 'kunde@eksempel.dk',
    name: 'Karen Kunde',
    role: 2,
    customers: ['soparken'],
    accounts: ['soparken-1', 'soparken-2'],
    resetPassword: false,
  },
  {
    email: 'admin@eksempel.dk',
    name: 'Anders Administrator',
    role: 1,
    customers: ['soparken', 'norrevang'],
    accounts: ['soparken-1', 'soparken-2', 'norrevang-erhverv'],
    resetPassword: false,
  },
  {
    email: 'ny@eksempel.dk',
    name: 'Nina Ny',
    role: 2,
    customers: ['soparken'],
    accounts: ['soparken-1'],
    resetPassword: true,
  },
  {
    email: 'klover@eksempel.dk',
    name: 'Kim Kløver',
    role: 2,
    customers: ['klover'],
    accounts: ['klover'],
    resetPassword: false,
  },
];

/** Monthly history: this many past readings per item that has a typical consumption. */
export const DEMO_HISTORY_MONTHS = 6;
