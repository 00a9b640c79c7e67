import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { PHOTO_MAX_DEVICE_BYTES } from '@maaler/contract';
import { startPostgresServer } from '@maaler/test-support/postgres-server';
import { sql } from 'kysely';
import sharp from 'sharp';
import {
  type ApiUnderTest,
  demoUserOnSoparken,
  startApiUnderTest,
  withDatabase,
} from './lib/api-under-test.ts';
import { cpuOfProcesses } from './lib/process-cpu.ts';

/**
 * `node --import tsx bench/photo-upload.ts [--photos 1000] [--skip-postgres]`: photos on readings
 * (issue 36, ADR 045) through the real server over HTTP, on SQLite and PostgreSQL. One device-sized
 * JPEG (1600 × 1200, about 300 KB) is uploaded `--photos` times under new ids, one at a time; the
 * figures are the server process's CPU per photo (decode, re-encode, store: /proc's counters, so
 * sharp's threads count too), the median wall time of an upload, and how much the database grew per
 * 1,000 photos (SQLite: the file's pages in use; PostgreSQL: `photos` with its TOAST and indexes).
 */
const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '1000' },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const photos = Number(values.photos);
const WARM_UP = 10;
const log = (line: string) => console.log(line);
const XSRF = 'bench-xsrf-token-0123456789abcdef';

/** A photo as the device sends it: smooth areas and some grain, shrunk to its cap. */
async function devicePhoto(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i % (width * 3)) / 12 + Math.random() * 60;
  const image = sharp(noise, { raw: { width, height, channels: 3 } }).blur(1.2);
  let best = await image.clone().jpeg({ quality: 50 }).toBuffer();
  for (const quality of [90, 85, 80, 75, 70, 65, 60, 55]) {
    const candidate = await image.clone().jpeg({ quality }).toBuffer();
    if (candidate.length <= PHOTO_MAX_DEVICE_BYTES) {
      best = candidate;
      break;
    }
  }
  return best;
}

async function upload(api: ApiUnderTest, token: string, accountId: string, body: Buffer): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${api.server.baseUrl}/api/photos/${accountId}/${randomUUID()}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      'content-type': 'image/jpeg',
    },
    body: new Uint8Array(body),
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`the upload answered ${res.status}`);
  return performance.now() - started;
}

async function databaseBytes(api: ApiUnderTest): Promise<number> {
  return withDatabase(api, async (db) => {
    if (api.kind === 'sqlite') {
      const { rows } = await sql<{ bytes: number }>`
        select (page_count - freelist_count) * page_size as bytes
        from pragma_page_count(), pragma_freelist_count(), pragma_page_size()`.execute(db);
      return Number(rows[0]?.bytes ?? 0);
    }
    const { rows } = await sql<{ bytes: string }>`select pg_total_relation_size('photos') as bytes`.execute(
      db,
    );
    return Number(rows[0]?.bytes ?? 0);
  });
}

async function measure(api: ApiUnderTest, photo: Buffer) {
  const { token, account } = await demoUserOnSoparken(api, 'kunde@eksempel.dk');
  for (let i = 0; i < WARM_UP; i++) await upload(api, token, account.guid, photo);

  const sizeBefore = await databaseBytes(api);
  const cpuBefore = cpuOfProcesses().get(api.server.pid)?.seconds ?? 0;
  const times: number[] = [];
  for (let i = 0; i < photos; i++) times.push(await upload(api, token, account.guid, photo));
  const cpuAfter = cpuOfProcesses().get(api.server.pid)?.seconds ?? 0;
  const sizeAfter = await databaseBytes(api);
  const stored = await withDatabase(api, (db) =>
    db
      .selectFrom('photos')
      .select((eb) => eb.fn.avg<number>('size').as('size'))
      .executeTakeFirstOrThrow(),
  );
  times.sort((a, b) => a - b);
  const figures = {
    cpuMsPerPhoto: Math.round(((cpuAfter - cpuBefore) * 1000 * 10) / photos) / 10,
    medianUploadMs: Math.round((times[Math.floor(times.length / 2)] ?? 0) * 10) / 10,
    storedKbPerPhoto: Math.round(Number(stored.size) / 1024),
    growthMbPer1000: Math.round(((((sizeAfter - sizeBefore) / photos) * 1000) / 1024 / 1024) * 10) / 10,
  };
  log(
    `${api.kind}: ${photos} photos of ${Math.round(photo.length / 1024)} KB: server CPU ${figures.cpuMsPerPhoto} ms a photo, median upload ${figures.medianUploadMs} ms, stored ${figures.storedKbPerPhoto} KB a photo, database +${figures.growthMbPer1000} MB per 1,000 photos`,
  );
  return figures;
}

const photo = await devicePhoto();
log(`device photo: 1600 × 1200 JPEG, ${Math.round(photo.length / 1024)} KB`);

const sqliteApi = await startApiUnderTest('sqlite');
try {
  await measure(sqliteApi, photo);
} finally {
  await sqliteApi.stop();
}

if (!values['skip-postgres']) {
  const postgres = await startPostgresServer();
  try {
    const pgApi = await startApiUnderTest('postgres', { postgresUrl: postgres.url });
    try {
      await measure(pgApi, photo);
    } finally {
      await pgApi.stop();
    }
  } finally {
    await postgres.stop();
  }
}
