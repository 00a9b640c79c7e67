import { AdminUserPage, MeterAdminPage } from '@maaler/contract';
import { httpRequest } from '@maaler/test-support/http-client';
import { insertManyUsers } from '@maaler/test-support/many-users';
import { adminOfSoparken, startApiUnderTest, withDatabase } from './lib/api-under-test.ts';

/**
 * `node --import tsx bench/admin-lists.ts`: the administration's lists at 5,000 users and 5,000 meters
 * (issue 18: "the list views stay fast"), on SQLite, through the real server over HTTP. Both lists are
 * paged and searched on the server; the figure is the median of 20 answers of one page.
 */
const SIZE = 5000;
const RUNS = 20;
const log = (line: string) => console.log(line);

const api = await startApiUnderTest('sqlite');
try {
  const baseUrl = api.server.baseUrl;
  const { token, account } = await adminOfSoparken(api);

  const pad = (n: number) => String(n).padStart(4, '0');
  const meterLines = ['Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed'];
  for (let m = 0; m < SIZE; m++) {
    meterLines.push(`Listevej ${pad(Math.floor(m / 20))};;Måler ${pad(m)};LISTE-${pad(m)};Vand;Volumen;m³`);
  }
  const imported = await httpRequest(baseUrl, {
    method: 'POST',
    path: `/api/admin/import/${account.guid}/meters?mode=apply`,
    token,
    body: { format: 'csv', data: Buffer.from(`${meterLines.join('\r\n')}\r\n`).toString('base64') },
    timeoutMs: 300_000,
  });
  if (imported.status !== 200) throw new Error(`the meter import answered ${imported.status}`);

  await withDatabase(api, async (db) => {
    const customer = await db
      .selectFrom('accounts')
      .select('customer_id')
      .where('id', '=', account.guid)
      .executeTakeFirstOrThrow();
    await insertManyUsers(db, { customerId: customer.customer_id, count: SIZE, prefix: 'liste' });
  });

  const median = async (path: string, check: (body: unknown) => void) => {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const answer = await httpRequest(baseUrl, { method: 'GET', path, token });
      times.push(performance.now() - started);
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
      check(answer.body);
    }
    times.sort((a, b) => a - b);
    return Math.round((times[Math.floor(RUNS / 2)] ?? 0) * 10) / 10;
  };
  const meters = `/api/admin/meters/${account.guid}`;
  const figures = {
    'Målere, first page': await median(`${meters}?page=1`, (body) => MeterAdminPage.parse(body)),
    'Målere, a middle page': await median(`${meters}?page=7`, (body) => MeterAdminPage.parse(body)),
    'Målere, search by serial': await median(`${meters}?q=LISTE-4321`, (body) => {
      if (MeterAdminPage.parse(body).Locations.length !== 1) throw new Error('the search found no one meter');
    }),
    'Brugere, first page': await median('/api/admin/users?page=1', (body) => AdminUserPage.parse(body)),
    'Brugere, a search, third page': await median('/api/admin/users?q=liste&page=3', (body) =>
      AdminUserPage.parse(body),
    ),
  };
  log(`Administration lists on SQLite with ${SIZE} meters and ${SIZE} users (median of ${RUNS}):`);
  for (const [name, ms] of Object.entries(figures)) log(`  ${name.padEnd(32)} ${ms} ms`);
} finally {
  await api.stop();
}
