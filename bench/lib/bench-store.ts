import { createServerStore, type ServerStore, type StoreKind } from '@maaler/test-support/server-store';
import { type DatabaseHandle, openDatabase } from '../../apps/api/src/db/engine/connection.ts';

export type DatabaseKind = StoreKind;

/** Where a benchmarked server keeps its data; the bench's own connection adds rows before measuring. */
export type BenchStore = ServerStore<DatabaseHandle>;

/** A fresh, empty store: the server started on it migrates and seeds the demo. */
export async function createBenchStore(kind: DatabaseKind, postgresUrl?: string): Promise<BenchStore> {
  if (kind === 'postgres' && !postgresUrl) throw new Error('a PostgreSQL run needs the server URL');
  return createServerStore({
    purpose: 'bench',
    postgresUrl: kind === 'postgres' ? postgresUrl : undefined,
    open: openDatabase,
  });
}
