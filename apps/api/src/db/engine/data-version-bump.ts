import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';

/**
 * Takes the next data version after a commit (ADR 022). `to_regclass` makes it a no-op (nextval of
 * null is null) until the migration that creates the sequence has run: migrations commit here too.
 */
const BUMP = "select nextval(to_regclass('maaler_data_version'))";
/** One round trip: the commit, then the bump once the commit is durable and visible. */
const COMMIT_AND_BUMP = `commit; ${BUMP}`;
/**
 * One round trip for a write outside a transaction that has no parameters (a simple-query text may
 * hold several statements; one with parameters may not): its own transaction, its commit, then the
 * bump. The explicit BEGIN keeps the COMMIT from warning that no transaction is in progress.
 */
const writeCommitAndBump = (sql: string) => `begin; ${sql}; ${COMMIT_AND_BUMP}`;

/** Rows each table got from INSERT statements, by table name. */
export type InsertedRows = ReadonlyMap<string, number>;

const INSERT_INTO = /\binsert\s+into\s+"?(\w+)"?/gi;
const DATA_KEYWORDS = new Set(['insert', 'update', 'delete', 'merge']);
const WRITE_KEYWORDS = new Set([...DATA_KEYWORDS, 'create', 'alter', 'drop', 'truncate']);

/**
 * Whether a statement may change data, by its first keyword: the statements Kysely sends through the
 * pool are plain SQL, in which only these keywords (or a `with` holding one of them) change data. A
 * `select … for update` only locks; a `select` calling a function that writes is never sent this way
 * (`callWritingFunction` sends it). Misjudging a read as a write only costs a needless bump.
 */
export function mayWrite(sql: string): boolean {
  const keyword = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  if (!keyword) return false;
  if (keyword === 'with') return /\b(insert|update|delete|merge)\b/i.test(sql);
  return WRITE_KEYWORDS.has(keyword);
}

/**
 * Whether a statement writes data only (no DDL, which may refuse to run in a transaction block): such
 * a statement outside a transaction can be sent in one text with its commit and the bump.
 */
function writesDataOnly(sql: string): boolean {
  const keyword = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? '';
  return mayWrite(sql) && (DATA_KEYWORDS.has(keyword) || keyword === 'with');
}

/**
 * Calls a function that writes (one created by a migration, ADR 027) with these arguments, outside
 * any transaction, and answers its rows. The caller says it writes by coming this way: its text is
 * a `select`, which the pool's keyword rule takes for a read. The arguments go as literals, so the
 * call, its commit and the bump are one round trip (a text with parameters cannot hold several
 * statements). The function answers the rows it inserted per table in its column `inserted_rows`.
 */
export type CallWritingFunction = <R extends object>(
  name: string,
  args: readonly (string | null)[],
) => Promise<R[]>;

/** The versioned pool: Kysely's pool, and the one way to call a function that writes. */
export type VersionedPool = PostgresPool & { callWritingFunction: CallWritingFunction };

/** `select * from name(args…)` with every argument a literal (`escapeLiteral` quotes whatever the server's `standard_conforming_strings`). */
function functionCall(name: string, args: readonly (string | null)[]): string {
  const literals = args.map((arg) => (arg === null ? 'null' : pg.escapeLiteral(arg)));
  return `select * from ${pg.escapeIdentifier(name)}(${literals.join(', ')})`;
}

/**
 * Sends a data-changing statement without parameters with its own transaction, its commit and the
 * bump in one text and answers the statement's result; a failure leaves that transaction open and
 * aborted, so it is rolled back before the error is passed on.
 */
async function sendWithCommitAndBump<R>(
  connection: PostgresPoolClient,
  sql: string,
): Promise<PostgresQueryResult<R>> {
  let results: PostgresQueryResult<R>[];
  try {
    // One result per statement: begin, the write, commit, bump.
    results = (await connection.query<R>(writeCommitAndBump(sql), [])) as unknown as PostgresQueryResult<R>[];
  } catch (error) {
    await connection.query('rollback', []);
    throw error;
  }
  return results[1] as PostgresQueryResult<R>;
}

/** The rows per table a writing function reports in `inserted_rows`. */
function reportedRows(rows: readonly unknown[]): Map<string, number> {
  const inserted = new Map<string, number>();
  const reported = (rows[0] as { inserted_rows?: unknown } | undefined)?.inserted_rows;
  if (typeof reported !== 'object' || reported === null) return inserted;
  for (const [table, count] of Object.entries(reported))
    if (typeof count === 'number') inserted.set(table, count);
  return inserted;
}

/**
 * The pool as Kysely sees it, but every commit of a transaction that wrote, and every write outside a
 * transaction, is followed by a bump of the data version before its result is handed back: an answer
 * sent after a write therefore comes after the bump, so a read that starts later on any instance sees
 * a new version and cannot be served from a cache loaded before the write (db/engine/read-cache.ts).
 * `onCommitted` then hears how many rows each table got (db/engine/table-growth.ts).
 */
export function withDataVersion(
  pool: PostgresPool,
  onCommitted: (inserted: InsertedRows) => void = () => undefined,
): VersionedPool {
  return {
    async callWritingFunction<R extends object>(name: string, args: readonly (string | null)[]) {
      const connection = await pool.connect();
      try {
        const { rows } = await sendWithCommitAndBump<R>(connection, functionCall(name, args));
        const inserted = reportedRows(rows);
        if (inserted.size > 0) onCommitted(inserted);
        return rows;
      } finally {
        connection.release();
      }
    },
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

      async function writeAlone<R>(sql: string): Promise<PostgresQueryResult<R>> {
        const result = await sendWithCommitAndBump<R>(connection, sql);
        count(sql, result as PostgresQueryResult<unknown>);
        committed();
        return result;
      }

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
        if (!inTransaction && parameters.length === 0 && writesDataOnly(sql)) {
          return writeAlone<R>(sql);
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
