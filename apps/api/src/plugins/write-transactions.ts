import fp from 'fastify-plugin';
import { createGroupCommit, type WriteWork } from '../db/engine/group-commit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `work` all or nothing and resolves once it is committed. On SQLite, concurrent works share
     * one commit (group commit, see db/engine/group-commit.ts); on PostgreSQL each is its own transaction.
     */
    writeTransaction<T>(work: WriteWork<T>): Promise<T>;
  }
}

export const writeTransactionsPlugin = fp(
  async (app) => {
    const group = app.dbKind === 'sqlite' ? createGroupCommit(app.db) : undefined;
    app.decorate(
      'writeTransaction',
      <T>(work: WriteWork<T>): Promise<T> => (group ? group.run(work) : app.db.transaction().execute(work)),
    );
  },
  { name: 'write-transactions', dependencies: ['database'] },
);
