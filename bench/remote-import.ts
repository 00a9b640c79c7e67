import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ApiKeyList, CreatedApiKey, ImportResult, MAX_IMPORT_ROWS } from '@maaler/contract';
import { httpRequest } from '@maaler/test-support/http-client';
import { type PostgresServer, startPostgresServer } from '@maaler/test-support/postgres-server';
import { type ApiUnderTest, adminOfSoparken, login, startApiUnderTest } from './lib/api-under-test.ts';
import type { LoadResult, LoadSpec } from './lib/load-spec.ts';
import { runLoad } from './lib/run-load.ts';

/**
 * `node --import tsx bench/remote-import.ts [--meters 10000] [--telegrams 100] [--seconds 5]
 * [--db sqlite|postgres|both] [--postgres-url URL] [--rate N]` (issue 38, issue 40 goal 4, ADR 052): `meters`
 * remote meters each send `telegrams` telegrams, one a day, as the JSON lines of wmbusmeters (the real
 * format of the remote import), written to one file with a stream (10,000 × 100 = 1,000,000 lines).
 * A gateway delivers the file with an API key through the real server over HTTP, in files of
 * `MAX_IMPORT_ROWS` lines (the import's row cap; 50 files at full scale), each checked (dry run)
 * and then applied. Reported: rows per second, the tree read's p99 under 10 connections before
 * and during the import, and beside it the p99 of the liveness route (`/api/health/live`, no database:
 * what the server's event loop alone adds), with the load average.
 */
const { values } = parseArgs({
  options: {
    meters: { type: 'string', default: '10000' },
    telegrams: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '5' },
    db: { type: 'string', default: 'both' },
    'postgres-url': { type: 'string' },
    rate: { type: 'string' },
  },
});
const METERS = Number(values.meters);
const TELEGRAMS = Number(values.telegrams);
const SECONDS = Number(values.seconds);
const CONNECTIONS = 10;
/**
 * The tree reads' pace over all connections; unset, as fast as the server answers. Saturating reads
 * measure the import's share of the 2 cores; a pace that leaves room measures what a reader notices.
 */
const RATE = values.rate === undefined ? undefined : Number(values.rate);
/** The liveness probe's pace, beside the tree reads. */
const LIVE_RATE = 50;
/** Meters per meter-import file: well inside the import's file bound. */
const METERS_PER_FILE = 5000;

const radioId = (m: number) => String(71_000_000 + m);
const serial = (m: number) => `REMOTE-${String(m).padStart(6, '0')}`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

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
  return ImportResult.parse(answer.body);
}

/**
 * The telegrams in the order wmbusmeters writes them (by time): day after day, each meter's telegram
 * of the day at 06:00 UTC, its volume counting up. Streamed to disk: a million lines are 180 MB.
 */
async function writeTelegrams(file: string): Promise<void> {
  const out = createWriteStream(file);
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (let t = 0; t < TELEGRAMS; t++) {
    const timestamp = new Date(today - (TELEGRAMS - t) * 86_400_000 + 6 * 3_600_000).toISOString();
    for (let m = 0; m < METERS; m++) {
      const line = JSON.stringify({
        _: 'telegram',
        media: 'water',
        meter: 'multical21',
        name: `F${m}`,
        id: radioId(m),
        total_m3: 100 + t + (m % 1000) / 1000,
        target_m3: 100 + t,
        current_status: 'OK',
        timestamp,
      });
      if (!out.write(`${line}\n`)) await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
}

/** The file's lines in pieces of at most `MAX_IMPORT_ROWS`, each as an import body. */
async function* pieces(file: string): AsyncGenerator<{ lines: number; body: object }> {
  let lines: string[] = [];
  const body = () => ({
    format: 'wmbusmeters',
    data: Buffer.from(`${lines.join('\n')}\n`).toString('base64'),
  });
  for await (const line of createInterface({
    input: createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    lines.push(line);
    if (lines.length === MAX_IMPORT_ROWS) {
      yield { lines: lines.length, body: body() };
      lines = [];
    }
  }
  if (lines.length > 0) yield { lines: lines.length, body: body() };
}

async function measure(api: ApiUnderTest, telegramFile: string): Promise<void> {
  const baseUrl = api.server.baseUrl;
  const { token, account } = await adminOfSoparken(api);
  for (let first = 0; first < METERS; first += METERS_PER_FILE) {
    const lines = ['Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed;Fjernaflæst;Radio-id'];
    for (let m = first; m < Math.min(METERS, first + METERS_PER_FILE); m++)
      lines.push(
        `Fjernvej ${Math.floor(m / 100)};;Fjernmåler ${m};${serial(m)};Vand;Volumen;m³;ja;${radioId(m)}`,
      );
    const data = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`).toString('base64');
    const result = await post(
      baseUrl,
      `/api/admin/import/${account.guid}/meters?mode=apply`,
      { format: 'csv', data },
      { token },
    );
    if (!result.applied) throw new Error(`meter import refused: ${JSON.stringify(result.errors[0])}`);
  }
  const keys = ApiKeyList.parse(
    (await httpRequest(baseUrl, { method: 'GET', path: '/api/admin/apikeys', token })).body,
  );
  const customer = keys.customers.find((c) => c.name === 'Boligforeningen Søparken');
  if (!customer) throw new Error('the demo has no Søparken');
  const answer = await httpRequest(baseUrl, {
    method: 'POST',
    path: '/api/admin/apikeys',
    token,
    body: { customerId: customer.id, name: 'Bench-gateway' },
  });
  const { secret } = CreatedApiKey.parse(answer.body);

  // A reader's tree of the customer's other account: the import's meters do not make it larger.
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
    ...(RATE === undefined ? {} : { overallRate: RATE }),
  };
  const liveSpec: LoadSpec = {
    url: `${baseUrl}/api/health/live`,
    method: 'GET',
    headers: {},
    connections: 2,
    durationSeconds: SECONDS,
    overallRate: LIVE_RATE,
  };
  const readAndProbe = () => Promise.all([runLoad(readSpec), runLoad(liveSpec)]);
  await runLoad({ ...readSpec, durationSeconds: 2 });
  const [quiet, quietLive] = await readAndProbe();
  console.log(
    `tree reads: ${CONNECTIONS} connections, ${RATE === undefined ? 'as fast as answered' : `${RATE}/s`}`,
  );
  console.log(
    `tree read without import: p99 ${quiet.latencyP99} ms, ${Math.round(quiet.requestsPerSecond)}/s (load ${load()})`,
  );

  let importing = true;
  const during: LoadResult[] = [];
  const liveDuring: LoadResult[] = [];
  const readsDuringImport = (async () => {
    while (importing) {
      const [tree, live] = await readAndProbe();
      during.push(tree);
      liveDuring.push(live);
    }
  })();
  const importPath = (mode: string) => `/api/admin/import/${account.guid}/readings?mode=${mode}`;
  let rows = 0;
  let files = 0;
  let dryRunMs = 0;
  let applyMs = 0;
  const loads: string[] = [];
  const started = performance.now();
  try {
    for await (const piece of pieces(telegramFile)) {
      const checkedAt = performance.now();
      const checked = await post(baseUrl, importPath('dry-run'), piece.body, { key: secret });
      if (checked.errors.length > 0) throw new Error(`a bad row: ${JSON.stringify(checked.errors[0])}`);
      const appliedAt = performance.now();
      const applied = await post(baseUrl, importPath('apply'), piece.body, { key: secret });
      if (!applied.applied || applied.created !== piece.lines)
        throw new Error(`file ${files + 1} not applied whole: ${JSON.stringify(applied)}`);
      dryRunMs += appliedAt - checkedAt;
      applyMs += performance.now() - appliedAt;
      rows += piece.lines;
      files++;
      if (files % 10 === 0) loads.push(load());
      if (files % 5 === 0) {
        const p99s = during.map((r) => r.latencyP99);
        console.log(
          `  ${files} files, ${rows} rows in ${((performance.now() - started) / 1000).toFixed(0)} s (${Math.round(rows / ((performance.now() - started) / 1000))} rows/s); tree read p99 of the runs so far: ${p99s.join(', ')} ms; load ${load()}`,
        );
      }
    }
  } finally {
    importing = false;
    await readsDuringImport;
  }
  const seconds = (performance.now() - started) / 1000;
  const p99s = during.map((r) => r.latencyP99).sort((a, b) => a - b);
  const liveP99s = liveDuring.map((r) => r.latencyP99).sort((a, b) => a - b);
  const failed = during.reduce((sum, r) => sum + r.non2xx + r.errors, quiet.non2xx + quiet.errors);
  console.log(
    `imported ${rows} rows (${METERS} meters × ${TELEGRAMS} telegrams, ${files} files of up to ${MAX_IMPORT_ROWS} lines, dry run and apply each) with an API key in ${seconds.toFixed(1)} s: ${Math.round(rows / seconds)} rows/s; dry runs ${(dryRunMs / 1000).toFixed(1)} s (${Math.round(rows / (dryRunMs / 1000))} rows/s), applies ${(applyMs / 1000).toFixed(1)} s (${Math.round(rows / (applyMs / 1000))} rows/s)`,
  );
  console.log(
    `tree read during import: ${during.length} runs of ${SECONDS} s, p99 median ${p99s[Math.floor(p99s.length / 2)] ?? '-'} ms, worst ${p99s.at(-1) ?? '-'} ms (without: ${quiet.latencyP99} ms); failed reads ${failed}`,
  );
  console.log(
    `liveness probe (${LIVE_RATE}/s) during import: p99 median ${liveP99s[Math.floor(liveP99s.length / 2)] ?? '-'} ms, worst ${liveP99s.at(-1) ?? '-'} ms (without: ${quietLive.latencyP99} ms)`,
  );
  console.log(`load average (1, 5, 15 min) every 10 files: ${loads.join(' | ')}; at the end ${load()}`);
}

const folder = await mkdtemp(join(tmpdir(), 'remote-import-bench-'));
const telegramFile = join(folder, 'telegrams.jsonl');
try {
  const writing = performance.now();
  await writeTelegrams(telegramFile);
  console.log(
    `wrote ${METERS * TELEGRAMS} wmbusmeters lines in ${((performance.now() - writing) / 1000).toFixed(1)} s`,
  );
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (values.db !== 'both' && values.db !== kind) continue;
    let postgres: Pick<PostgresServer, 'url' | 'stop'> | undefined;
    if (kind === 'postgres')
      postgres = values['postgres-url']
        ? { url: values['postgres-url'], stop: async () => {} }
        : await startPostgresServer();
    try {
      const api = await startApiUnderTest(kind, postgres ? { postgresUrl: postgres.url } : {});
      console.log(`Remote import (wmbusmeters) with an API key on ${api.kind}`);
      try {
        await measure(api, telegramFile);
      } finally {
        await api.stop();
      }
    } finally {
      await postgres?.stop();
    }
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}
