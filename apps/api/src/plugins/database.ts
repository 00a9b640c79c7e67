import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle, DatabaseKind } from '../db/engine/connection.ts';
import type { CallWritingFunction } from '../db/engine/data-version-bump.ts';
import { createReadCache, type ReadCache } from '../db/engine/read-cache.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: DatabaseKind;
    /** PostgreSQL: the one way to call a function that writes (ADR 027); undefined on SQLite. */
    callWritingFunction: CallWritingFunction | undefined;
    /** Hot reads kept while the database is unchanged (db/engine/read-cache.ts). */
    readCache: ReadCache;
    /** The SQLite file, for a thread of the server's that opens its own connection; undefined on PostgreSQL. */
    sqliteFile: string | undefined;
    /** PostgreSQL: the database's URL, for a thread of the server's that opens its own pool. */
    databaseUrl: string | undefined;
  }
}

/** Exposes the database to routes; the app owns the handle's lifetime and closes it with the server. */
export const databasePlugin = fp<{ handle: DatabaseHandle; closeOnShutdown: boolean }>(
  async (app, { handle, closeOnShutdown }) => {
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.decorate('callWritingFunction', handle.callWritingFunction);
    app.decorate('readCache', createReadCache(handle));
    app.decorate('sqliteFile', handle.sqliteFile);
    app.decorate('databaseUrl', handle.databaseUrl);
    if (closeOnShutdown)
      app.addHook('onClose', async () => {
        await handle.tableGrowth?.settled();
        await handle.db.destroy();
      });
  },
  { name: 'database' },
);
