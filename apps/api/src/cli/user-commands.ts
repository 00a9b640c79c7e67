import {
  ADMIN_ROLE,
  CUSTOMER_USER_ROLE,
  EmailField,
  METER_READER_ROLE,
  NameField,
  NewPasswordField,
} from '@maaler/contract';
import { selectUserOverview } from '../db/repositories/user-lists.ts';
import { countMemberships } from '../db/repositories/user-memberships.ts';
import { disableUser, enableUser, selectUserIdByEmail, updateUserRole } from '../db/repositories/users.ts';
import { unlockEmail } from '../services/auth/login-throttle.ts';
import { generateTemporaryPassword } from '../services/auth/temporary-password.ts';
import { createUser, deleteUserEverywhere, setPassword } from '../services/users/user-updates.ts';
import type { CliContext, Command } from './cli-context.ts';
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

/** The user with the given `--email`; a clear error when there is none. */
async function userWithEmail(db: CliContext['db'], given: string | undefined) {
  const email = validOption(EmailField, requireOption(given, 'email'), 'email');
  const user = await selectUserIdByEmail(db, email);
  if (!user) throw new CliError(`No user has the e-mail ${email}`);
  return { user, email };
}

/** Commands that take `--email` only. */
const userOfArgs = (db: CliContext['db'], args: string[]) =>
  userWithEmail(db, parseOptions(args, { email: { type: 'string' } }).email);

/**
 * Changes a user's role, also to or from administrator: the way to demote an administrator made by
 * mistake. Access follows at once (every request reads the role from the database).
 */
export const userRole: Command = async (args, { db, print, now }) => {
  const options = parseOptions(args, { email: { type: 'string' }, role: { type: 'string' } });
  const { user, email } = await userWithEmail(db, options.email);
  const role = ROLES.get(requireOption(options.role, 'role').trim());
  if (role === undefined) {
    throw new CliError('--role must be 0 (meter reader), 1 (administrator) or 2 (customer user)');
  }
  const memberships = await countMemberships(db, user.id);
  if (role === METER_READER_ROLE && memberships.customers > 1) {
    throw new CliError('A meter reader (role 0) belongs to exactly one customer; this user has several');
  }
  await updateUserRole(db, { userId: user.id, role, updatedAt: now().toISOString() });
  print(`${email} is now a ${ROLE_NAMES.get(role)} (role ${role})`);
  if (role !== ADMIN_ROLE && memberships.accounts === 0) {
    // An administrator reaches every account of their customers without being a member of any.
    print(
      '  note: the user is a member of no account and reaches none until an administrator gives them some',
    );
  }
};

/** Disables a user: they cannot sign in, and every session they have ends at once. */
export const userDisable: Command = async (args, { db, print, now }) => {
  const { user, email } = await userOfArgs(db, args);
  await disableUser(db, user.id, now().toISOString());
  print(`Disabled ${email}; the user's sessions have ended`);
};

export const userEnable: Command = async (args, { db, print, now }) => {
  const { user, email } = await userOfArgs(db, args);
  await enableUser(db, user.id, now().toISOString());
  print(`Enabled ${email}; the user can sign in again`);
};

/** Deletes a user; one whom readings name is kept, disabled and without memberships, for the history. */
export const userDelete: Command = async (args, { db, print, now }) => {
  const { user, email } = await userOfArgs(db, args);
  const outcome = await deleteUserEverywhere(db, { userId: user.id, now: now() });
  print(
    outcome === 'deleted'
      ? `Deleted ${email}`
      : `${email} is named in readings, so the user is kept for the history: removed from every customer and account, and disabled`,
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
