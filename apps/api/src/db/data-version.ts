import type { PostgresCursor, PostgresPool, PostgresQueryResult } from 'kysely';

/**
 * Takes the next data version after a commit (ADR 022). `to_regclass` makes it a no-op (nextval of
 * null is null) until the migration that creates the sequence has run: migrations commit here too.
 */
const BUMP = "select nextval(to_regclass('maaler_data_version'))";
/** One round trip: the commit, then the bump once the commit is durable and visible. */
const COMMIT_AND_BUMP = `commit; ${BUMP}`;

/** Rows each table got from INSERT statements, by table name. */
export type InsertedRows = ReadonlyMap<string, number>;

const INSERT_INTO = /\binsert\s+into\s+"?(\w+)"?/gi;
const WRITE_KEYWORDS = new Set([
  'insert',
  'update',
  'delete',
  'merge',
  'create',
  'alter',
  'drop',
  'truncate',
]);

/**
 * Whether a statement may change data. A `with` query counts when it holds a data-modifying part; a
 * `select … for update` only locks. Misjudging a read as a write only costs a needless bump.
 */
export function mayWrite(sql: string): boolean {
  const keyword = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  if (!keyword) return false;
  if (keyword === 'with') return /\b(insert|update|delete|merge)\b/i.test(sql);
  return WRITE_KEYWORDS.has(keyword);
}

/**
 * The pool as Kysely sees it, but every commit of a transaction that wrote, and every write outside a
 * transaction, is followed by a bump of the data version before its result is handed back: an answer
 * sent after a write therefore comes after the bump, so a read that starts later on any instance sees
 * a new version and cannot be served from a cache loaded before the write (db/read-cache.ts).
 * `onCommitted` then hears how many rows each table got (db/table-growth.ts).
 */
export function withDataVersion(
  pool: PostgresPool,
  onCommitted: (inserted: InsertedRows) => void = () => undefined,
): PostgresPool {
  return {
    async connect() {
      const connection = await pool.connect();
      let inTransaction = false;
      let wrote = false;
      const inserted = new Map<string, number>();
      // Rows a table got: an INSERT's row count, or for a WITH that inserts into several tables (the
      // readings with their audit rows) the rows it returned, for each of them. Only a guide for when
      // to ANALYZE, so approximate is enough.
      const count = (sql: string, result: PostgresQueryResult<unknown>) => {
        for (const [, table] of sql.matchAll(INSERT_INTO)) {
          if (table) inserted.set(table, (inserted.get(table) ?? 0) + (result.rowCount ?? 0));
        }
      };
      const committed = () => {
        if (inserted.size > 0) onCommitted(new Map(inserted));
        inserted.clear();
      };

      async function run<R>(
        sql: string,
        parameters: ReadonlyArray<unknown>,
      ): Promise<PostgresQueryResult<R>> {
        const statement = sql.trimStart().toLowerCase();
        if (statement === 'begin' || statement.startsWith('start transaction')) {
          const result = await connection.query<R>(sql, parameters);
          inTransaction = true;
          wrote = false;
          inserted.clear();
          return result;
        }
        if (statement === 'commit' && wrote) {
          inTransaction = false;
          wrote = false;
          // A multi-statement text answers with one result per statement; Kysely reads the commit's.
          const results = (await connection.query<R>(
            COMMIT_AND_BUMP,
            [],
          )) as unknown as PostgresQueryResult<R>[];
          committed();
          return results[0] as PostgresQueryResult<R>;
        }
        if (statement === 'commit' || statement === 'rollback') {
          inTransaction = false;
          wrote = false;
          inserted.clear();
          return connection.query<R>(sql, parameters);
        }
        const result = await connection.query<R>(sql, parameters);
        if (!mayWrite(sql)) return result;
        count(sql, result as PostgresQueryResult<unknown>);
        if (inTransaction) {
          wrote = true;
        } else {
          await connection.query(BUMP, []);
          committed();
        }
        return result;
      }

      function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query(sqlOrCursor: string | PostgresCursor<unknown>, parameters: ReadonlyArray<unknown> = []) {
        // Cursors (Kysely's .stream()) only read.
        if (typeof sqlOrCursor !== 'string') return connection.query(sqlOrCursor);
        return run(sqlOrCursor, parameters);
      }
      return {
        query,
        release() {
          inTransaction = false;
          wrote = false;
          inserted.clear();
          connection.release();
        },
      };
    },
    end: () => pool.end(),
  };
}
