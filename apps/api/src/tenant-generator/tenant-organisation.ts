import { ADMIN_ROLE, CUSTOMER_USER_ROLE, METER_READER_ROLE, READING_PERIOD_SETTING } from '@maaler/contract';
import { drawUuid } from './seeded-random.ts';
import type { TenantShape } from './tenant-shape.ts';
import { STREAM } from './tenant-streams.ts';

/** Accounts one meter reader reads. */
export const ACCOUNTS_PER_READER = 10;
const DOMAIN = 'skala.eksempel.dk';

export type GeneratedUser = {
  id: string;
  email: string;
  name: string;
  role: number;
  accountIndexes: readonly number[];
};

export type Organisation = {
  customer: { id: string; name: string; address: string; postal: string; town: string; created_at: string };
  accounts: { id: string; customer_id: string; name: string; created_at: string }[];
  settings: { account_id: string; key: string; value: string; updated_at: string }[];
  admin: GeneratedUser;
  /** Reader `k` reads accounts `k * ACCOUNTS_PER_READER` onwards. */
  readers: GeneratedUser[];
  /** One board member per account, who sees that account only. */
  members: GeneratedUser[];
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Every account reads monthly except every tenth quarterly and every 25th yearly (the first never). */
function periodOf(accountIndex: number): string | null {
  if (accountIndex % 25 === 24) return 'yearly';
  if (accountIndex % 10 === 9) return 'quarterly';
  return null;
}

/** The customer, its accounts with their reading periods, and its users: an administrator, meter readers, board members. */
export function organisationOf(shape: TenantShape): Organisation {
  const { seed } = shape;
  const stamp = `${shape.until}T00:00:00.000Z`;
  const customerId = drawUuid(seed, STREAM.customerId, 0);
  const accounts = Array.from({ length: shape.accounts }, (_, a) => ({
    id: drawUuid(seed, STREAM.accountId, a),
    customer_id: customerId,
    name: `Afdeling ${pad(a + 1, 3)}`,
    created_at: stamp,
  }));
  const settings = accounts.flatMap((account, a) => {
    const period = periodOf(a);
    return period
      ? [{ account_id: account.id, key: READING_PERIOD_SETTING, value: period, updated_at: stamp }]
      : [];
  });
  let userIndex = 0;
  const user = (email: string, name: string, role: number, accountIndexes: number[]): GeneratedUser => ({
    id: drawUuid(seed, STREAM.userId, userIndex++),
    email,
    name,
    role,
    accountIndexes,
  });
  const admin = user(`admin@${DOMAIN}`, 'Administrator Skala', ADMIN_ROLE, []);
  const readers = Array.from({ length: Math.ceil(shape.accounts / ACCOUNTS_PER_READER) }, (_, r) => {
    const first = r * ACCOUNTS_PER_READER;
    const last = Math.min(shape.accounts, first + ACCOUNTS_PER_READER);
    const indexes = Array.from({ length: last - first }, (_, i) => first + i);
    return user(`aflaeser${pad(r + 1, 3)}@${DOMAIN}`, `Måleraflæser ${r + 1}`, METER_READER_ROLE, indexes);
  });
  const members = accounts.map((_, a) =>
    user(`bestyrelse${pad(a + 1, 3)}@${DOMAIN}`, `Bestyrelse afdeling ${a + 1}`, CUSTOMER_USER_ROLE, [a]),
  );
  return {
    customer: {
      id: customerId,
      name: 'Boligselskabet Skala',
      address: 'Skalavej 1',
      postal: '8000',
      town: 'Aarhus C',
      created_at: stamp,
    },
    accounts,
    settings,
    admin,
    readers,
    members,
  };
}

/** The meter reader of an account. */
export function readerOf(organisation: Organisation, accountIndex: number): GeneratedUser {
  const reader = organisation.readers[Math.floor(accountIndex / ACCOUNTS_PER_READER)];
  if (!reader) throw new Error(`account ${accountIndex} has no meter reader`);
  return reader;
}
