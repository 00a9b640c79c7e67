import { ADMIN_ROLE } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/db/schema.ts';

/**
 * Who belongs where and what owns what, read straight from the tables: the test's own model of the
 * access rules, written independently of services/organisation/access.ts, to judge the server's answers by.
 */
export type TenantWorld = {
  users: Map<
    string,
    {
      role: number | null;
      disabled: boolean;
      resetPassword: boolean;
      customers: Set<string>;
      accounts: Set<string>;
    }
  >;
  /** account → its customer */
  accounts: Map<string, string>;
  customers: string[];
  /** gateway → its account */
  gateways: Map<number, string>;
  /** gateway → its name (what the export names it by) */
  gatewayNames: Map<number, string>;
  /** device → its gateway */
  devices: Map<number, number>;
  /** device → its serial number ('' for none) */
  serials: Map<number, string>;
  /** measurement point → its device */
  items: Map<number, number>;
};

export async function loadTenantWorld(db: Kysely<Database>): Promise<TenantWorld> {
  const [users, memberships, accountMemberships, accounts, customers, gateways, devices, items] =
    await Promise.all([
      // Ordered, so that two loads of an unchanged world compare equal on PostgreSQL too.
      db.selectFrom('users').select(['id', 'role', 'disabled', 'reset_password']).orderBy('id').execute(),
      db.selectFrom('user_customers').selectAll().orderBy('user_id').orderBy('customer_id').execute(),
      db.selectFrom('user_accounts').selectAll().orderBy('user_id').orderBy('account_id').execute(),
      db.selectFrom('accounts').select(['id', 'customer_id']).orderBy('id').execute(),
      db.selectFrom('customers').select('id').orderBy('id').execute(),
      db.selectFrom('gateways').select(['id', 'account_id', 'name']).orderBy('id').execute(),
      db.selectFrom('devices').select(['id', 'gateway_id', 'serial_number']).orderBy('id').execute(),
      db.selectFrom('device_items').select(['id', 'device_id']).orderBy('id').execute(),
    ]);
  return {
    users: new Map(
      users.map((u) => [
        u.id,
        {
          role: u.role,
          disabled: u.disabled === 1,
          resetPassword: u.reset_password === 1,
          customers: new Set(memberships.filter((m) => m.user_id === u.id).map((m) => m.customer_id)),
          accounts: new Set(accountMemberships.filter((m) => m.user_id === u.id).map((m) => m.account_id)),
        },
      ]),
    ),
    accounts: new Map(accounts.map((a) => [a.id, a.customer_id])),
    customers: customers.map((c) => c.id),
    gateways: new Map(gateways.map((g) => [g.id, g.account_id])),
    gatewayNames: new Map(gateways.map((g) => [g.id, g.name])),
    devices: new Map(devices.map((d) => [d.id, d.gateway_id])),
    serials: new Map(devices.map((d) => [d.id, d.serial_number])),
    items: new Map(items.map((i) => [i.id, i.device_id])),
  };
}

export function isAdministrator(world: TenantWorld, userId: string): boolean {
  return world.users.get(userId)?.role === ADMIN_ROLE;
}

/**
 * The contract's rule: an administrator reaches every account of their customers; anyone else the
 * accounts they are a member of, and only while they belong to that account's customer.
 */
export function reachableAccounts(world: TenantWorld, userId: string): Set<string> {
  const user = world.users.get(userId);
  const reached = new Set<string>();
  if (!user) return reached;
  for (const [accountId, customerId] of world.accounts) {
    if (!user.customers.has(customerId)) continue;
    if (user.role === ADMIN_ROLE || user.accounts.has(accountId)) reached.add(accountId);
  }
  return reached;
}

export function accountOfDevice(world: TenantWorld, deviceId: number): string | undefined {
  const gatewayId = world.devices.get(deviceId);
  return gatewayId === undefined ? undefined : world.gateways.get(gatewayId);
}

export function accountOfItem(world: TenantWorld, itemId: number): string | undefined {
  const deviceId = world.items.get(itemId);
  return deviceId === undefined ? undefined : accountOfDevice(world, deviceId);
}

/**
 * Whether an administrator may change a user (reset, delete): themselves, or a user (another
 * administrator too) who belongs to none but the administrator's customers.
 */
export function manages(world: TenantWorld, adminId: string, userId: string): boolean {
  const admin = world.users.get(adminId);
  const user = world.users.get(userId);
  if (!admin || !user) return false;
  if (adminId === userId) return true;
  return [...user.customers].every((c) => admin.customers.has(c));
}

export function sharesCustomer(world: TenantWorld, viewerId: string, userId: string): boolean {
  const viewer = world.users.get(viewerId);
  const user = world.users.get(userId);
  return Boolean(viewer && user && [...viewer.customers].some((c) => user.customers.has(c)));
}
