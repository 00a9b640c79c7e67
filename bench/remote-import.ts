import { parseArgs } from 'node:util';
import { ApiKeyList, CreatedApiKey, ImportResult } from '@maaler/contract';
import { httpRequest } from '@maaler/test-support/http-client';
import { type PostgresServer, startPostgresServer } from '@maaler/test-support/postgres-server';
import { type ApiUnderTest, adminOfSoparken, login, startApiUnderTest } from './lib/api-under-test.ts';
import type { LoadResult, LoadSpec } from './lib/load-spec.ts';
import { runLoad } from './lib/run-load.ts';

/**
 * `node --import tsx bench/remote-import.ts [--meters 10000] [--readings 100] [--seconds 5] [--postgres]`
 * (issue 38, ADR 051): a gateway delivers `meters × readings` remote readings with an API key through the
 * real API, as CSV files of the readings import, one file per reading round (each file one reading of
 * every meter, 10,000 rows at full scale: 100 files), one after another as a gateway would. Reported:
 * rows per second, and the tree read's p99 under 10 connections without and during the import.
 */
const { values } = parseArgs({
  options: {
    meters: { type: 'string', default: '10000' },
    readings: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '5' },
    postgres: { type: 'boolean', default: false },
  },
});
const METERS = Number(values.meters);
const READINGS = Number(values.readings);
const SECONDS = Number(values.seconds);
const CONNECTIONS = 10;
/** Meters per meter-import file: well inside the import's file bound. */
const METERS_PER_FILE = 5000;

const base64 = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`).toString('base64');
const serial = (m: number) => `REMOTE-${String(m).padStart(6, '0')}`;
const isoDay = (daysBack: number) => new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);

async function post(baseUrl: string, path: string, body: unknown, auth: { token?: string; key?: string }) {
  const answer = await httpRequest(baseUrl, {
    method: 'POST',
    path,
    body,
    timeoutMs: 600_000,
    ...(auth.token ? { token: auth.token } : {}),
    ...(auth.key ? { headers: { authorization: `Bearer ${auth.key}` } } : {}),
  });
  if (answer.status !== 200)
    throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function measure(api: ApiUnderTest): Promise<void> {
  const baseUrl = api.server.baseUrl;
  const { token, account } = await adminOfSoparken(api);
  for (let first = 0; first < METERS; first += METERS_PER_FILE) {
    const lines = ['Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed'];
    for (let m = first; m < Math.min(METERS, first + METERS_PER_FILE); m++)
      lines.push(`Fjernvej ${Math.floor(m / 100)};;Fjernmåler ${m};${serial(m)};Vand;Volumen;m³`);
    const result = ImportResult.parse(
      await post(
        baseUrl,
        `/api/admin/import/${account.guid}/meters?mode=apply`,
        { format: 'csv', data: base64(lines) },
        { token },
      ),
    );
    if (!result.applied) throw new Error(`meter import refused: ${JSON.stringify(result.errors[0])}`);
  }
  const keys = ApiKeyList.parse(
    (await httpRequest(baseUrl, { method: 'GET', path: '/api/admin/apikeys', token })).body,
  );
  const customer = keys.customers.find((c) => c.name === 'Boligforeningen Søparken');
  if (!customer) throw new Error('the demo has no Søparken');
  const { secret } = CreatedApiKey.parse(
    await post(baseUrl, '/api/admin/apikeys', { customerId: customer.id, name: 'Bench-gateway' }, { token }),
  );

  // A reader's tree of the customer's other account: the import's 10,000 meters do not make it larger.
  const readToken = await login(api, 'kunde@eksempel.dk');
  const readAccounts = (
    await httpRequest(baseUrl, {
      method: 'GET',
      path: '/api/account/loadlistbycurrentuser/v2/9',
      token: readToken,
    })
  ).body as { guid: string; name: string }[];
  const readAccount = readAccounts.find((candidate) => candidate.name === 'Søparken afdeling 2');
  if (!readAccount) throw new Error('the demo has no Søparken afdeling 2');
  const readSpec: LoadSpec = {
    url: `${baseUrl}/api/gateway/loadlistsimple/${readAccount.guid}`,
    method: 'GET',
    headers: { authorization: `Bearer ${readToken}` },
    connections: CONNECTIONS,
    durationSeconds: SECONDS,
  };
  await runLoad({ ...readSpec, durationSeconds: 2 });
  const quiet = await runLoad(readSpec);
  console.log(
    `tree read without import: p99 ${quiet.latencyP99} ms, ${Math.round(quiet.requestsPerSecond)}/s`,
  );

  // The files, made before the clock starts: reading r of every meter, r days back, counting up.
  const files = Array.from({ length: READINGS }, (_, r) => {
    const lines = ['Serienummer;Målepunkt;Dato;Værdi'];
    const day = isoDay(READINGS - r);
    for (let m = 0; m < METERS; m++) lines.push(`${serial(m)};Volumen;${day};${100 + r},${m % 10}`);
    return base64(lines);
  });
  let importing = true;
  const during: LoadResult[] = [];
  const readsDuringImport = (async () => {
    while (importing) during.push(await runLoad(readSpec));
  })();
  const started = performance.now();
  for (const data of files) {
    const result = ImportResult.parse(
      await post(
        baseUrl,
        `/api/admin/import/${account.guid}/readings?mode=apply`,
        { format: 'csv', data },
        { key: secret },
      ),
    );
    if (!result.applied) throw new Error(`reading import refused: ${JSON.stringify(result.errors[0])}`);
  }
  const seconds = (performance.now() - started) / 1000;
  importing = false;
  await readsDuringImport;
  const rows = METERS * READINGS;
  const p99s = during.map((r) => r.latencyP99).sort((a, b) => a - b);
  console.log(
    `imported ${rows} rows (${METERS} meters × ${READINGS} readings, ${READINGS} files of ${METERS} rows) with an API key in ${seconds.toFixed(1)} s: ${Math.round(rows / seconds)} rows/s`,
  );
  console.log(
    `tree read during import: ${during.length} runs of ${SECONDS} s, p99 median ${p99s[Math.floor(p99s.length / 2)] ?? '-'} ms, worst ${p99s.at(-1) ?? '-'} ms (without: ${quiet.latencyP99} ms)`,
  );
}

let postgres: PostgresServer | undefined;
if (values.postgres) postgres = await startPostgresServer();
const api = await startApiUnderTest(
  postgres ? 'postgres' : 'sqlite',
  postgres ? { postgresUrl: postgres.url } : {},
);
console.log(`Remote import with an API key on ${api.kind}`);
try {
  await measure(api);
} finally {
  await api.stop();
  await postgres?.stop();
}
