import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/engine/connection.ts';
import { migrateToLatest } from '../db/engine/migrate.ts';
import { analyzeDatabase } from '../db/repositories/table-statistics.ts';
import { seedDemoData } from './demo/seed-demo.ts';

/** Runs at every start: migrations always, demo data only in demo mode and only into an empty database. */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: { demo: boolean; now?: Date; log?: Pick<FastifyBaseLogger, 'info'> },
): Promise<void> {
  const applied = await migrateToLatest(handle.db);
  if (applied.length > 0) options.log?.info({ migrations: applied }, 'database migrated');
  const seeded = options.demo && (await seedDemoData(handle.db, options.now));
  if (seeded) options.log?.info('demo data seeded');
  // Statistics of the new schema and data at once rather than when autovacuum gets to them (ADR 022).
  if (handle.kind === 'postgres' && (applied.length > 0 || seeded)) await analyzeDatabase(handle.db);
}
