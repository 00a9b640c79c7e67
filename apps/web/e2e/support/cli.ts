import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';

// The bundle `npm run build` makes, beside the server the tests run.
const CLI = fileURLToPath(new URL('../../../api/dist/cli.js', import.meta.url));
/** Longer than any command takes on a loaded machine; a thread that never answers fails the test. */
const ANSWER_CEILING_MS = 60_000;

type CommandAnswer = { code: number; stdout: string; stderr: string };
type CliThread = { port: MessagePort; done: Int32Array };

let thread: CliThread | undefined;

/**
 * The CLI bundle as a worker thread of this test worker (apps/api/src/cli/command-thread.ts): loaded
 * and connected to the database once, not at each call as a process was (0.5 CPU-s a call,
 * docs/performance.md, the test suite).
 */
function cliThread(): CliThread {
  if (thread) return thread;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const { port1, port2 } = new MessageChannel();
  const done = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(CLI, {
    workerData: { port: port2, done },
    transferList: [port2],
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  // The thread lives as long as the test worker and never keeps it from ending.
  worker.unref();
  port1.unref();
  thread = { port: port1, done };
  return thread;
}

/**
 * Runs an operator's CLI command (`npm run cli -- …`) on the browser tests' database while the server
 * runs, as an operator would; returns what it printed, or throws with what it printed on stderr, as a
 * failed CLI process would. The server sees the change at its next read.
 */
export function runCli(...args: string[]): string {
  const { port, done } = cliThread();
  Atomics.store(done, 0, 0);
  port.postMessage(args);
  // Synchronous like the process call it replaces: the callers (tenant set-ups) stay plain functions.
  if (Atomics.wait(done, 0, 0, ANSWER_CEILING_MS) === 'timed-out') {
    throw new Error(`CLI ${args[0]}: no answer in ${ANSWER_CEILING_MS} ms`);
  }
  const answer = receiveMessageOnPort(port)?.message as CommandAnswer | undefined;
  if (!answer) throw new Error(`CLI ${args[0]}: the thread set its flag without an answer`);
  if (answer.code !== 0) throw new Error(`CLI ${args.join(' ')} failed (${answer.code}): ${answer.stderr}`);
  return answer.stdout;
}

/** The id a CLI line names: `(id 12)` or `(uuid)`. */
export function createdId(output: string): string {
  const id = /\((?:id )?([\w-]+)\)/.exec(output)?.[1];
  if (!id) throw new Error(`No id in CLI output: ${output}`);
  return id;
}

/**
 * The names of a browser test's own tenant, new at each run and retry (a number from the clock), so the
 * CLI never meets one made before: customer `{name} {run}`, account `{name} drift {run}`, and the
 * e-mail `{login}-{run}@eksempel.dk` with the password `{login}1234` of its first user.
 */
export function ownTenantNames(name: string, login: string) {
  const run = `${Date.now() % 1_000_000}`;
  return {
    run,
    customer: `${name} ${run}`,
    account: `${name} drift ${run}`,
    email: `${login}-${run}@eksempel.dk`,
    password: `${login}1234`,
  };
}

export type OwnTenantNames = ReturnType<typeof ownTenantNames>;
export type PostalAddress = { address: string; postal: string; town: string };
/** An own tenant's user: its e-mail and password are the names'. */
export type TenantUser = { name: string; role: 0 | 1 | 2 };

/**
 * A browser test's own tenant on its names: a customer at `address` with one account, one location
 * with `meters`, and one user who signs in with the names' e-mail and password, a member of the
 * account unless an administrator (role 1). Returns the ids of the account, the location and the meters.
 */
export function addOwnTenant(
  names: OwnTenantNames,
  tenant: {
    address: PostalAddress;
    location: string;
    meters: MeterSpec[];
    user: TenantUser;
  },
): { accountId: string; gatewayId: number; meters: ReturnType<typeof addMeter>[] } {
  const accountId = addCustomerWithAccount({ name: names.customer, ...tenant.address }, names.account);
  const gatewayId = addLocation(accountId, tenant.location);
  const meters = tenant.meters.map((meter) => addMeter(gatewayId, meter));
  addUser({
    ...tenant.user,
    email: names.email,
    customer: names.customer,
    password: names.password,
    ...(tenant.user.role === 1 ? {} : { accountIds: [accountId] }),
  });
  return { accountId, gatewayId, meters };
}

/** A customer with one account, for a browser test's own tenant; returns the account's id. */
export function addCustomerWithAccount(customer: PostalAddress & { name: string }, account: string): string {
  runCli(
    'customer:add',
    '--name',
    customer.name,
    '--address',
    customer.address,
    '--postal',
    customer.postal,
    '--town',
    customer.town,
  );
  return addAccount(customer.name, account);
}

/** Another account of the customer; returns its id. */
export function addAccount(customer: string, account: string): string {
  return createdId(runCli('account:add', '--customer', customer, '--name', account));
}

/**
 * A user of the customer: an administrator (role 1) of all of it, or a member of the given accounts.
 * Without a password the CLI makes a temporary one, which the user must replace at first sign-in;
 * returns the password the user signs in with.
 */
export function addUser(user: {
  email: string;
  name: string;
  role: 0 | 1 | 2;
  customer: string;
  password?: string;
  accountIds?: string[];
}): string {
  const output = runCli(
    'user:add',
    '--email',
    user.email,
    '--name',
    user.name,
    '--role',
    String(user.role),
    '--customer',
    user.customer,
    ...(user.accountIds ?? []).flatMap((id) => ['--account', id]),
    ...(user.password === undefined ? [] : ['--password', user.password]),
  );
  if (user.password !== undefined) return user.password;
  const temporary = /^Temporary password[^:]*: (\S+)$/m.exec(output)?.[1];
  if (!temporary) throw new Error(`No temporary password in CLI output: ${output}`);
  return temporary;
}

/** A point's unit, or its unit with the register's settings (ADR 020). */
type PointSpec = string | { unit: string; digits?: number; countsUpOnly?: boolean };

/** A meter, its points named with their units or settings. */
type MeterSpec = {
  name: string;
  type: string;
  serial: string;
  installedOn?: string;
  points: Record<string, PointSpec>;
};

/**
 * A meter at the location with its points (name → unit or settings), installed on `installedOn` when
 * given; returns the meter's and the points' ids.
 */
export function addMeter(
  locationId: number,
  meter: MeterSpec,
): { deviceId: number; items: Record<string, number> } {
  const deviceId = Number(
    createdId(
      runCli(
        'meter:add',
        '--location',
        String(locationId),
        '--name',
        meter.name,
        '--type',
        meter.type,
        '--serial',
        meter.serial,
        ...(meter.installedOn === undefined ? [] : ['--installed-on', meter.installedOn]),
      ),
    ),
  );
  const items = Object.fromEntries(
    Object.entries(meter.points).map(([name, spec]) => {
      const { unit, digits, countsUpOnly } = typeof spec === 'string' ? { unit: spec } : spec;
      const settings = [
        ...(digits === undefined ? [] : ['--digits', String(digits)]),
        ...(countsUpOnly ? ['--counts-up-only', '1'] : []),
      ];
      const output = runCli(
        'point:add',
        '--meter',
        String(deviceId),
        '--name',
        name,
        '--unit',
        unit,
        ...settings,
      );
      return [name, Number(createdId(output))];
    }),
  );
  return { deviceId, items };
}

/** A location of the account; returns its id. */
export function addLocation(accountId: string, name: string): number {
  return Number(createdId(runCli('location:add', '--account', accountId, '--name', name)));
}
