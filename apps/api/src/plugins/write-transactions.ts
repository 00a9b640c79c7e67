import fp from 'fastify-plugin';
import { createGroupCommit, type WriteWork } from '../db/engine/group-commit.ts';
import { createWriteTurns, type WriteTurns } from '../db/engine/write-turns.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `work` all or nothing and resolves once it is committed. On SQLite, concurrent works share
     * one commit (group commit, see db/engine/group-commit.ts); on PostgreSQL each is its own transaction.
     */
    writeTransaction<T>(work: WriteWork<T>): Promise<T>;
    /** SQLite: the turns of this process's writers to the file (db/engine/write-turns.ts); undefined on PostgreSQL. */
    writeTurns: WriteTurns | undefined;
  }
}

export const writeTransactionsPlugin = fp(
  async (app) => {
    const turns = app.dbKind === 'sqlite' ? createWriteTurns() : undefined;
    const group = turns ? createGroupCommit(app.db, turns) : undefined;
    app.decorate('writeTurns', turns);
    app.decorate(
      'writeTransaction',
      <T>(work: WriteWork<T>): Promise<T> => (group ? group.run(work) : app.db.transaction().execute(work)),
    );
  },
  { name: 'write-transactions', dependencies: ['database'] },
);
