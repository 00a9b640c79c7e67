import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle, DatabaseKind } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: DatabaseKind;
  }
}

/** Exposes the database to routes; the app owns the handle's lifetime and closes it with the server. */
export const databasePlugin = fp<{ handle: DatabaseHandle; closeOnShutdown: boolean }>(
  async (app, { handle, closeOnShutdown }) => {
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    if (closeOnShutdown) app.addHook('onClose', async () => handle.db.destroy());
  },
  { name: 'database' },
);
