import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { inProcessCli } from './in-process-cli.ts';

const apiRoot = resolve(import.meta.dirname, '../..');

describe('operator CLI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });
  afterAll(async () => t.close());

  const cli = inProcessCli(() => t.database.db);

  const login = async (email: string, password: string) => (await t.attemptLogin(email, password)).json();

  /** The id a CLI line names: `(id 12)` or `(uuid)`. */
  const idIn = (text: string): string => {
    const match = /\((?:id (\d+)|([0-9a-f-]{36}))\)/.exec(text);
    const id = match?.[1] ?? match?.[2];
    if (!id) throw new Error(`no id in: ${text}`);
    return id;
  };
  const temporaryPasswordIn = (text: string): string =>
    /Temporary password[^:]*: (\w+)$/m.exec(text)?.[1] ?? '';

  let customerId: string;
  let firstAccountId: string;
  let secondAccountId: string;

  it('sets up a customer with accounts on an empty database', async () => {
    const customer = await cli(
      'customer:add',
      '--name',
      'Boligselskabet Bøgely',
      '--address',
      'Bøgevej 1',
      '--postal',
      '7100',
      '--town',
      'Vejle',
    );
    expect(customer).toMatchObject({ code: 0, err: '' });
    customerId = idIn(customer.out);

    const first = await cli(
      'account:add',
      '--customer',
      'Boligselskabet Bøgely',
      '--name',
      'Bøgely afdeling 1',
    );
    expect(first.code).toBe(0);
    firstAccountId = idIn(first.out);
    const second = await cli('account:add', '--customer', customerId, '--name', 'Bøgely afdeling 2');
    expect(second.code).toBe(0);
    secondAccountId = idIn(second.out);

    const accounts = await t.database.db
      .selectFrom('accounts')
      .select(['id', 'customer_id'])
      .orderBy('name')
      .execute();
    expect(accounts).toEqual([
      { id: firstAccountId, customer_id: customerId },
      { id: secondAccountId, customer_id: customerId },
    ]);
  });

  it('adds a user with a generated password that must be changed at first login', async () => {
    const res = await cli(
      'user:add',
      '--email',
      'Vicevaert@Boegely.DK',
      '--name',
      'Vera Vicevært',
      '--role',
      '2',
      '--customer',
      'Boligselskabet Bøgely',
      '--account',
      'Bøgely afdeling 2',
    );
    expect(res.code).toBe(0);
    const password = temporaryPasswordIn(res.out);
    expect(password).toMatch(/^\w{8,}$/);

    const body = await login('vicevaert@boegely.dk', password);
    expect(body).toMatchObject({
      Success: true,
      ResetPassword: true,
      Claims: { role: 2, accountList: secondAccountId, customerList: customerId, name: 'Vera Vicevært' },
    });
  });

  it('adds an administrator with a chosen password, who reaches every account of the customer', async () => {
    const res = await cli(
      'user:add',
      '--email',
      'chef@boegely.dk',
      '--name',
      'Charlotte Chef',
      '--role',
      '1',
      '--customer',
      customerId,
      '--password',
      'Chefens_kode_1',
    );
    expect(res.code).toBe(0);
    expect(res.out).not.toMatch(/Temporary password/);
    const body = await login('chef@boegely.dk', 'Chefens_kode_1');
    expect(body).toMatchObject({ Success: true, ResetPassword: false, Claims: { role: 1 } });
    expect(body.Claims.accountList.split(',').sort()).toEqual([firstAccountId, secondAccountId].sort());
  });

  it('sets a new password with user:passwd, ending earlier sessions', async () => {
    const before = await login('chef@boegely.dk', 'Chefens_kode_1');
    const res = await cli('user:passwd', '--email', 'chef@boegely.dk', '--password', 'Ny_chef_kode_2');
    expect(res.code).toBe(0);
    const current = await t.inject({ method: 'GET', url: '/api/user/loadcurrent', token: before.Token });
    expect(current.statusCode).toBe(401);
    expect((await login('chef@boegely.dk', 'Chefens_kode_1')).Success).toBe(false);
    expect(await login('chef@boegely.dk', 'Ny_chef_kode_2')).toMatchObject({
      Success: true,
      ResetPassword: false,
    });

    const generated = await cli('user:passwd', '--email', 'chef@boegely.dk');
    const password = temporaryPasswordIn(generated.out);
    expect(await login('chef@boegely.dk', password)).toMatchObject({ Success: true, ResetPassword: true });
  });

  it('lifts a lockout after failed logins with user:unlock', async () => {
    for (let i = 0; i < t.config.login.maxFailures; i++) {
      expect((await login('chef@boegely.dk', 'forkert_gaet_1')).Success).toBe(false);
    }
    const locked = await t.attemptLogin('chef@boegely.dk', 'forkert_gaet_1');
    expect(locked.statusCode).toBe(429);

    const res = await cli('user:unlock', '--email', 'Chef@Boegely.dk');
    expect(res).toMatchObject({ code: 0, out: expect.stringMatching(/^Unlocked chef@boegely\.dk/) });
    expect((await login('chef@boegely.dk', 'forkert_gaet_1')).Success).toBe(false);
    expect((await cli('user:unlock', '--email', 'ingen@boegely.dk')).out).toMatch(/was not locked/);
  });

  it('lists the users with role, state and customers', async () => {
    const res = await cli('user:list');
    expect(res.code).toBe(0);
    const lines = res.out.split('\n');
    expect(lines[0]).toMatch(/^E-MAIL\s+NAME\s+ROLE\s+STATE\s+CUSTOMERS$/);
    expect(lines.find((l) => l.startsWith('chef@boegely.dk'))).toMatch(
      /Charlotte Chef\s+1\s+must change password\s+Boligselskabet Bøgely$/,
    );
    expect(res.out).not.toMatch(/\$argon2/);
  });

  it.each([
    [
      ['user:add', '--name', 'X', '--role', '2', '--customer', 'Boligselskabet Bøgely'],
      /--email is required/,
    ],
    [
      ['user:add', '--email', 'x@y.dk', '--name', 'X', '--role', '7', '--customer', 'Bøgely'],
      /--role must be/,
    ],
    [
      ['user:add', '--email', 'ikke-mail', '--name', 'X', '--role', '1', '--customer', 'Bøgely'],
      /--email: Ugyldig/,
    ],
    [
      ['user:add', '--email', 'x@y.dk', '--name', 'X', '--role', '1', '--customer', 'Findes ikke'],
      /No customer has the id or name "Findes ikke"/,
    ],
    [
      ['user:add', '--email', 'x@y.dk', '--name', 'X', '--role', '2', '--customer', 'Boligselskabet Bøgely'],
      /needs at least one --account/,
    ],
    [
      ['user:add', '--email', 'x@y.dk', '--name', 'X', '--role', '0', '--customer', 'A', '--customer', 'B'],
      /exactly one --customer/,
    ],
    [
      [
        'user:add',
        '--email',
        'x@y.dk',
        '--name',
        'X',
        '--role',
        '1',
        '--customer',
        'Boligselskabet Bøgely',
        '--password',
        'kort',
      ],
      /--password: Adgangskoden skal være/,
    ],
    [
      [
        'user:add',
        '--email',
        'CHEF@boegely.dk',
        '--name',
        'X',
        '--role',
        '1',
        '--customer',
        'Boligselskabet Bøgely',
      ],
      /already exists/,
    ],
    [['user:add', '--email', 'x@y.dk', '--bogus'], /Unknown option '--bogus'/],
    [['user:passwd', '--email', 'ingen@boegely.dk'], /No user has the e-mail/],
    [
      ['account:add', '--customer', 'Boligselskabet Bøgely', '--name', 'Bøgely afdeling 1'],
      /already has an account/,
    ],
    [['customer:add', '--name', 'Uden adresse'], /--address: Adresse skal udfyldes/],
    [['nothing:here'], /Unknown command "nothing:here"/],
  ])('refuses %j with exit code 1 and a clear message', async (argv, message) => {
    const res = await cli(...argv);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(message);
  });

  it('sets up a location, a meter and its measurement points that the reading screen then offers', async () => {
    const location = await cli('location:add', '--account', firstAccountId, '--name', 'Bøgevej 1, kælder');
    expect(location.code).toBe(0);
    const locationId = idIn(location.out);
    const meter = await cli('meter:add', '--location', locationId, '--name', 'Varmemåler', '--type', 'heat');
    expect(meter.code).toBe(0);
    const meterId = idIn(meter.out);
    expect((await cli('point:add', '--meter', meterId, '--name', 'Energi', '--unit', 'MWh')).code).toBe(0);

    // A chosen password clears the reset flag that the generated one set, which would answer 403 here.
    expect(
      (await cli('user:passwd', '--email', 'chef@boegely.dk', '--password', 'Chef_kode_2026')).code,
    ).toBe(0);
    const chef = await t.database.db
      .selectFrom('users')
      .select(['id', 'token_version'])
      .where('email', '=', 'chef@boegely.dk')
      .executeTakeFirstOrThrow();
    const { token } = await t.app.tokens.issue({ userId: chef.id, tokenVersion: chef.token_version });
    const tree = await t.inject({
      method: 'GET',
      url: `/api/gateway/loadlistsimple/${firstAccountId}`,
      token,
    });
    expect(tree.json()).toEqual([
      {
        GatewayId: Number(locationId),
        Name: 'Bøgevej 1, kælder',
        DeviceList: [
          {
            DeviceId: Number(meterId),
            Name: 'Varmemåler',
            Type: 'heat',
            Manual: true,
            InstalledOn: null,
            Serial: null,
            DeviceItemList: [
              expect.objectContaining({ Name: 'Energi', Unit: 'MWh', LastValue: null, LastDateValue: '-' }),
            ],
          },
        ],
      },
    ]);
  });

  it('refuses a meter of an unknown type or at an unknown location, and a point without a unit', async () => {
    const badType = await cli('meter:add', '--location', '1', '--name', 'X', '--type', 'steam');
    expect(badType.code).toBe(1);
    expect(badType.err).toMatch(/--type: must be one of heat, water, electricity, gas, other/);
    const noLocation = await cli('meter:add', '--location', '999999', '--name', 'X', '--type', 'gas');
    expect(noLocation.err).toMatch(/No location has the id 999999/);
    const noUnit = await cli('point:add', '--meter', '1', '--name', 'X');
    expect(noUnit.err).toMatch(/--unit is required/);
  });

  it('refuses an ambiguous customer name and asks for an id', async () => {
    await cli('customer:add', '--name', 'Dobbelt', '--address', 'A 1', '--postal', '1000', '--town', 'By');
    await cli('customer:add', '--name', 'Dobbelt', '--address', 'B 2', '--postal', '2000', '--town', 'By');
    const res = await cli('account:add', '--customer', 'Dobbelt', '--name', 'Konto');
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/"Dobbelt" names several; use one of the ids [0-9a-f-]{36}, [0-9a-f-]{36}/);
  });

  it('runs as `npm run cli` does: its own process on the configured database, migrating first', async () => {
    const env = {
      ...process.env,
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.config.databaseUrl ?? '',
      LOG_LEVEL: 'silent',
    };
    const tsx = resolve(apiRoot, '../../node_modules/.bin/tsx');
    const { stdout } = await promisify(execFile)(tsx, ['src/cli.ts', 'user:list'], { cwd: apiRoot, env });
    expect(stdout).toMatch(/chef@boegely\.dk/);

    const failure = await promisify(execFile)(tsx, ['src/cli.ts', 'user:add', '--email', 'x@y.dk'], {
      cwd: apiRoot,
      env,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringMatching(/--name is required/) });
  });
});
