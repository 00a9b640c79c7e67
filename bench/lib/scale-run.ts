import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgresServer } from '@maaler/test-support/postgres-server';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/engine/connection.ts';
import { type ApiUnderTest, startApiOn } from './api-under-test.ts';
import type { BenchStore, DatabaseKind } from './bench-store.ts';
import { type BackupFigures, measurePostgresBackup, measureSqliteBackup } from './scale-backup.ts';
import { planHotStatements, type StatementPlan } from './scale-plans.ts';
import { measureScale, type ScaleOptions, type TenantFigures } from './scale-scenarios.ts';
import { cachedPostgresTenant, cachedSqliteTenant, type ScaleShape } from './scale-tenants.ts';

export type ScaleFigures = {
  kind: DatabaseKind;
  until: string;
  shapes: { small: ScaleShape; large: ScaleShape };
  small: TenantFigures;
  large: TenantFigures;
  /** Per read call: whether both tenants gave the measured account byte for byte the same answer. */
  sameAnswers: Record<string, boolean>;
  plans: StatementPlan[];
  backup?: BackupFigures;
};

type Copy = { store: BenchStore; planTarget: { sqliteFile: string } | { databaseUrl: string } };

/**
 * The scale benchmark on one database kind: both tenants from the cache (generated on first use),
 * each copied for this run (the write loads must not change the cache), both servers started side by
 * side and measured; then, with the servers stopped, the hot statements' plans and the backup of the
 * large tenant.
 */
export async function runScale(
  kind: DatabaseKind,
  {
    cacheDir,
    until,
    shapes,
    backup,
    ...options
  }: ScaleOptions & {
    cacheDir: string;
    until: string;
    shapes: { small: ScaleShape; large: ScaleShape };
    backup: boolean;
  },
): Promise<ScaleFigures> {
  const { log } = options;
  log(`Scale on ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (tenants up to ${until})`);
  const postgres = kind === 'postgres' ? await startPostgresServer(join(cacheDir, 'postgres')) : undefined;
  try {
    const copies: Copy[] = [];
    for (const shape of [shapes.small, shapes.large]) {
      copies.push(
        postgres
          ? await postgresCopy(postgres.url, await cachedPostgresTenant(postgres.url, shape, until, log))
          : sqliteCopy(await cachedSqliteTenant(cacheDir, shape, until, log)),
      );
    }
    const [small, large] = copies as [Copy, Copy];
    // Before the servers run and the write loads add points: the plans of the tenant as generated.
    log(`  plans of the hot statements on the ${shapes.large.label} tenant`);
    const plans = await planHotStatements(large.planTarget);
    const servers: ApiUnderTest[] = [];
    let measured: Awaited<ReturnType<typeof measureScale>>;
    try {
      // The bundle production runs (`npm run bench` builds it), so the memory is production's.
      servers.push(await startApiOn(keptOpen(small.store), { DEMO: '' }, { compiled: true }));
      servers.push(await startApiOn(keptOpen(large.store), { DEMO: '' }, { compiled: true }));
      measured = await measureScale(
        servers[0] as ApiUnderTest,
        servers[1] as ApiUnderTest,
        [shapes.small.label, shapes.large.label],
        options,
      );
    } finally {
      for (const server of servers) {
        server.server.signal('SIGTERM');
        await server.server.exited;
      }
    }
    let backupFigures: BackupFigures | undefined;
    if (backup) {
      log(`  backup and restore of the ${shapes.large.label} tenant`);
      backupFigures =
        postgres && 'databaseUrl' in large.planTarget
          ? await measurePostgresBackup(postgres.url, new URL(large.planTarget.databaseUrl).pathname.slice(1))
          : await measureSqliteBackup(large.store.dataDir);
      log(`    ${JSON.stringify(backupFigures)}`);
    }
    for (const copy of copies) await copy.store.dispose();
    return { kind, until, shapes, ...measured, plans, ...(backupFigures ? { backup: backupFigures } : {}) };
  } finally {
    await postgres?.stop();
  }
}

/** The store as the server needs it; disposed of by runScale after the plans, not when the server stops. */
function keptOpen(store: BenchStore): BenchStore {
  return { ...store, dispose: async () => {} };
}

function sqliteCopy(cachedDir: string): Copy {
  const dataDir = mkdtempSync(join(tmpdir(), 'maaler-scale-'));
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(join(cachedDir, 'maaler.sqlite'), join(dataDir, 'maaler.sqlite'));
  return {
    store: {
      kind: 'sqlite',
      dataDir,
      databaseUrl: undefined,
      open: () => openDatabase({ databaseUrl: undefined, dataDir }),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    },
    planTarget: { sqliteFile: join(dataDir, 'maaler.sqlite') },
  };
}

/** A copy of the cached database made with it as the template (a file copy on the server). */
async function postgresCopy(serverUrl: string, cached: string): Promise<Copy> {
  const name = `${cached}_run`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name} template ${cached}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'maaler-scale-'));
  return {
    store: {
      kind: 'postgres',
      dataDir,
      databaseUrl,
      open: () => openDatabase({ databaseUrl, dataDir }),
      dispose: async () => {
        await admin(`drop database if exists ${name} with (force)`);
        rmSync(dataDir, { recursive: true, force: true });
      },
    },
    planTarget: { databaseUrl },
  };
}
