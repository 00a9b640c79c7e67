import {
  ADMIN_ROLE,
  CUSTOMER_USER_ROLE,
  EmailField,
  METER_READER_ROLE,
  NameField,
  NewPasswordField,
} from '@maaler/contract';
import { selectUserIdByEmail, selectUserOverview } from '../db/repositories/users.ts';
import { unlockEmail } from '../services/auth/login-throttle.ts';
import { generateTemporaryPassword } from '../services/auth/temporary-password.ts';
import { createUser, setPassword } from '../services/users/user-updates.ts';
import type { Command } from './cli-context.ts';
import { CliError } from './cli-error.ts';
import { findAccount, findCustomer } from './lookup.ts';
import { parseOptions, requireOption, validOption } from './parse-options.ts';

const ROLES = new Map([
  [String(METER_READER_ROLE), METER_READER_ROLE],
  [String(ADMIN_ROLE), ADMIN_ROLE],
  [String(CUSTOMER_USER_ROLE), CUSTOMER_USER_ROLE],
]);
const ROLE_NAMES = new Map([
  [METER_READER_ROLE, 'meter reader'],
  [ADMIN_ROLE, 'administrator'],
  [CUSTOMER_USER_ROLE, 'customer user'],
]);

/** The given password, or a generated one that the user must replace at first login. */
function chosenPassword(given: string | undefined): { password: string; generated: boolean } {
  if (given !== undefined)
    return { password: validOption(NewPasswordField, given, 'password'), generated: false };
  return { password: generateTemporaryPassword(), generated: true };
}

function printGenerated(print: (line: string) => void, password: string): void {
  print(`Temporary password (shown only now; the user must choose a new one at first login): ${password}`);
}

export const userAdd: Command = async (args, { db, print, now }) => {
  const options = parseOptions(args, {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    customer: { type: 'string', multiple: true },
    account: { type: 'string', multiple: true },
    password: { type: 'string' },
  });
  const email = validOption(EmailField, requireOption(options.email, 'email'), 'email');
  const name = validOption(NameField, requireOption(options.name, 'name'), 'name');
  const role = ROLES.get(requireOption(options.role, 'role').trim());
  if (role === undefined) {
    throw new CliError('--role must be 0 (meter reader), 1 (administrator) or 2 (customer user)');
  }

  const customerArgs = options.customer ?? [];
  if (customerArgs.length === 0) throw new CliError('--customer is required');
  if (role === METER_READER_ROLE && customerArgs.length !== 1) {
    throw new CliError('A meter reader (role 0) belongs to exactly one --customer');
  }
  const customers = [];
  for (const customer of customerArgs) customers.push(await findCustomer(db, customer));
  const customerIds = customers.map((c) => c.id);

  const accounts = [];
  for (const account of options.account ?? []) accounts.push(await findAccount(db, account, customerIds));
  // Administrators reach every account of their customers; everyone else only the accounts given here.
  if (role !== ADMIN_ROLE && accounts.length === 0) {
    throw new CliError(`A ${ROLE_NAMES.get(role)} (role ${role}) needs at least one --account`);
  }

  const { password, generated } = chosenPassword(options.password);
  const created = await createUser(
    db,
    {
      email,
      name,
      role,
      password,
      resetPassword: generated,
      customerIds,
      accountIds: accounts.map((a) => a.id),
    },
    now(),
  );
  if (created === 'email-taken') throw new CliError(`A user with the e-mail ${email} already exists`);

  print(`Created ${ROLE_NAMES.get(role)} ${email} (${created.id})`);
  print(`  customers: ${customers.map((c) => c.name).join(', ')}`);
  if (accounts.length > 0) print(`  accounts: ${accounts.map((a) => a.name).join(', ')}`);
  if (generated) printGenerated(print, password);
};

export const userPasswd: Command = async (args, { db, print, now }) => {
  const options = parseOptions(args, { email: { type: 'string' }, password: { type: 'string' } });
  const email = validOption(EmailField, requireOption(options.email, 'email'), 'email');
  const user = await selectUserIdByEmail(db, email);
  if (!user) throw new CliError(`No user has the e-mail ${email}`);

  const { password, generated } = chosenPassword(options.password);
  await setPassword(db, { userId: user.id, password, resetPassword: generated, now: now() });
  await unlockEmail(db, email);
  print(`New password set for ${email}; the user's earlier sessions have ended`);
  if (generated) printGenerated(print, password);
};

/** Lifts a lockout after failed logins for one e-mail, from every address (e.g. after a support call). */
export const userUnlock: Command = async (args, { db, print }) => {
  const options = parseOptions(args, { email: { type: 'string' } });
  const email = validOption(EmailField, requireOption(options.email, 'email'), 'email');
  const cleared = await unlockEmail(db, email);
  print(
    cleared > 0 ? `Unlocked ${email}: failed logins forgotten` : `${email} was not locked; nothing to do`,
  );
};

export const userList: Command = async (args, { db, print }) => {
  parseOptions(args, {});
  const { users, memberships } = await selectUserOverview(db);
  if (users.length === 0) {
    print('No users');
    return;
  }
  const rows = users.map((u) => [
    u.email,
    u.name,
    u.role === null ? 'none' : String(u.role),
    [u.disabled ? 'disabled' : '', u.reset_password ? 'must change password' : ''].filter(Boolean).join(', '),
    memberships
      .filter((m) => m.user_id === u.id)
      .map((m) => m.name)
      .join('; '),
  ]);
  for (const line of table(['E-MAIL', 'NAME', 'ROLE', 'STATE', 'CUSTOMERS'], rows)) print(line);
};

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
