import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { isoDateInCopenhagen } from '@maaler/contract';
import pg from 'pg';
import type { TenantShape } from '../../apps/api/src/tenant-generator/tenant-shape.ts';

const API_ROOT = resolve(import.meta.dirname, '../../apps/api');

/** A tenant for `generate-tenant` (which adds seed, day and password), named for the bench's tables. */
export type ScaleShape = { label: string } & Pick<
  TenantShape,
  'accounts' | 'locations' | 'meters' | 'points' | 'readings' | 'years'
>;

/**
 * The tenant (10M readings over 4 years), and one account of exactly the same shape (10
 * locations, 100 meters, 250 points, a reading about every 7.3 days per point) with 10,000 readings:
 * the same cadence over the last 0.8 years. The measured account is the first of each, so its
 * locations, meters and points (and their ids) are the same in both; what differs is everything else
 * in the tables and how far back its history goes. `largeReadings` other than 10M keeps the cadence
 * (fewer years), for a smaller run.
 */
export function scaleShapes(largeReadings = 10_000_000): { small: ScaleShape; large: ScaleShape } {
  return {
    small: {
      label: '10k',
      accounts: 1,
      locations: 10,
      meters: 100,
      points: 250,
      readings: 10_000,
      years: 0.8,
    },
    large: {
      label: largeReadings === 10_000_000 ? '10M' : `${largeReadings / 1e6}M`,
      accounts: 200,
      locations: 2_000,
      meters: 20_000,
      points: 50_000,
      readings: largeReadings,
      years: (4 * largeReadings) / 10_000_000,
    },
  };
}

export const SCALE_SEED = 1;
export const SCALE_PASSWORD = 'skala1234';
export const SCALE_ADMIN = 'admin@skala.eksempel.dk';
/** Reads the first ten accounts, the measured one among them. */
export const SCALE_READER = 'aflaeser001@skala.eksempel.dk';

/** The cache folder's name for a tenant: every parameter, so a changed shape is generated anew. */
export function tenantKey(shape: ScaleShape, until: string): string {
  const { accounts, locations, meters, points, readings, years } = shape;
  return `s${SCALE_SEED}-a${accounts}-l${locations}-m${meters}-p${points}-r${readings}-y${years}-u${until}`;
}

/**
 * The newest reading day of both tenants: the one of a tenant already cached (so a rerun on a later
 * day reuses it), else today. Delete the cache folder to measure with readings up to today.
 */
export function scaleUntil(cacheDir: string, large: ScaleShape): string {
  const prefix = `sqlite-${tenantKey(large, '')}`;
  const cached = existsSync(cacheDir)
    ? readdirSync(cacheDir).find(
        (name) => name.startsWith(prefix) && existsSync(join(cacheDir, name, 'complete')),
      )
    : undefined;
  return cached ? cached.slice(prefix.length) : isoDateInCopenhagen();
}

/** `npm run cli -- generate-tenant` for the shape, its JSON progress lines passed to `log`. */
async function generate(
  shape: ScaleShape,
  until: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
) {
  const args = [
    '--import',
    'tsx',
    'src/cli.ts',
    'generate-tenant',
    ...Object.entries({
      ...shape,
      label: undefined,
      seed: SCALE_SEED,
      until,
      password: SCALE_PASSWORD,
    }).flatMap(([name, value]) => (value === undefined ? [] : [`--${name}`, String(value)])),
  ];
  const child = spawn(process.execPath, args, { cwd: API_ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  createInterface({ input: child.stdout }).on('line', (line) => log(`    ${line}`));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`generate-tenant ${shape.label} exited with ${code}`);
}

/** The tenant's SQLite file in the cache, generated on first use; returns its folder. */
export async function cachedSqliteTenant(
  cacheDir: string,
  shape: ScaleShape,
  until: string,
  log: (line: string) => void,
): Promise<string> {
  const dir = join(cacheDir, `sqlite-${tenantKey(shape, until)}`);
  if (existsSync(join(dir, 'complete'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  log(`  generating the ${shape.label} tenant on SQLite into ${dir}`);
  await generate(shape, until, { ...process.env, DATA_DIR: dir, DATABASE_URL: '' }, log);
  writeFileSync(join(dir, 'complete'), `${new Date().toISOString()}\n`);
  return dir;
}

const databaseName = (shape: ScaleShape, until: string) =>
  `scale_${tenantKey(shape, until).replace(/[^a-z0-9]/g, '_')}`;

/**
 * The tenant's database on the cached PostgreSQL server, generated on first use (a database is
 * complete once its comment says so); returns its name.
 */
export async function cachedPostgresTenant(
  serverUrl: string,
  shape: ScaleShape,
  until: string,
  log: (line: string) => void,
): Promise<string> {
  const name = databaseName(shape, until);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      'select shobj_description(oid, $2) as comment from pg_database where datname = $1',
      [name, 'pg_database'],
    );
    if (rows[0]?.comment === 'complete') return name;
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    log(`  generating the ${shape.label} tenant on PostgreSQL into ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await generate(shape, until, { ...process.env, DATABASE_URL: url.toString() }, log);
    await admin.query(`comment on database ${name} is 'complete'`);
    return name;
  } finally {
    await admin.end();
  }
}
