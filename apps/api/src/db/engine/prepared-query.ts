import type { Compilable, CompiledQuery, DialectAdapter, Kysely } from 'kysely';

const PLACEHOLDER = Symbol('prepared query parameter');
type Placeholder = { readonly [PLACEHOLDER]: string };

function isPlaceholder(value: unknown): value is Placeholder {
  return typeof value === 'object' && value !== null && PLACEHOLDER in value;
}

/** SQL text of every prepared query → the name PostgreSQL knows its server-side statement by. */
const statementNames = new Map<string, string>();

/**
 * The statement name for SQL that a prepared query compiled, else undefined. PostgreSQL connections
 * run these as named statements (db/engine/named-statements.ts), parsed and planned once per connection.
 */
export function preparedStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/** Single values only: a placeholder stands for one SQL parameter, never for the items of an IN list. */
export type PreparedValues = Record<string, string | number | null>;

/**
 * A query written with Kysely's builder but built and compiled once per SQL dialect, then run with
 * new values: under load, building and compiling the hot queries of each request cost more CPU than
 * running them (docs/performance.md). `build` receives stand-ins for the values; each stand-in must
 * be passed where Kysely takes one value.
 */
export function preparedQuery<DB, V extends PreparedValues, R>(
  build: (db: Kysely<DB>, values: V) => Compilable<R>,
  { namedOnPostgres = true }: { namedOnPostgres?: boolean } = {},
): (db: Kysely<DB>, values: V) => Promise<R[]> {
  const compiledFor = new WeakMap<DialectAdapter, CompiledQuery<R>>();
  const standIns = new Proxy({} as V, {
    get: (_target, name) => ({ [PLACEHOLDER]: String(name) }),
  });
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let compiled = compiledFor.get(adapter);
    if (!compiled) {
      compiled = build(db, standIns).compile();
      compiledFor.set(adapter, compiled);
      if (namedOnPostgres && !statementNames.has(compiled.sql))
        statementNames.set(compiled.sql, `maaler_${statementNames.size + 1}`);
    }
    const parameters = compiled.parameters.map((parameter) => {
      if (!isPlaceholder(parameter)) return parameter;
      const value = values[parameter[PLACEHOLDER]];
      if (value === undefined) throw new Error(`no value for ${parameter[PLACEHOLDER]}`);
      return value;
    });
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}

/** List lengths whose compiled statement a prepared list query keeps, least recently used dropped. */
const LIST_LENGTHS_KEPT = 64;

/**
 * A preparedQuery over a list of rows (an IN list, a multi-row insert): built and compiled once per
 * list length, as the SQL text depends on it. Each stand-in row's fields are stand-ins too, so
 * `build` must pass them to Kysely as they are, like preparedQuery's values. Not a named statement
 * on PostgreSQL unless `namedOnPostgres`: after five runs PostgreSQL may switch a named statement to
 * a generic plan, and for the 100-row audit insert that plan took 300 ms instead of a few (batches
 * fell from 24,000 to 3,400 readings/s); unnamed, every run is planned for its values. Name only a
 * lookup whose best plan is the same for any values (rows by primary key), where planning each run
 * is the cost (docs/performance.md).
 */
export function preparedListQuery<DB, Row extends PreparedValues, V extends PreparedValues, R>(
  build: (db: Kysely<DB>, rows: readonly Row[], values: V) => Compilable<R>,
  { namedOnPostgres = false }: { namedOnPostgres?: boolean } = {},
): (db: Kysely<DB>, rows: readonly Row[], values: V) => Promise<R[]> {
  const byLength = new Map<number, (db: Kysely<DB>, values: PreparedValues) => Promise<R[]>>();
  return (db, rows, values) => {
    let query = byLength.get(rows.length);
    if (query) {
      byLength.delete(rows.length);
    } else {
      const length = rows.length;
      query = preparedQuery(
        (builder: Kysely<DB>, standIns: PreparedValues) => {
          const rowStandIns = Array.from(
            { length },
            (_, index) =>
              new Proxy({} as Row, { get: (_target, name) => standIns[`${index}.${String(name)}`] }),
          );
          return build(builder, rowStandIns, standIns as V);
        },
        { namedOnPostgres },
      );
      if (byLength.size >= LIST_LENGTHS_KEPT) {
        const oldest = byLength.keys().next().value;
        if (oldest !== undefined) byLength.delete(oldest);
      }
    }
    byLength.set(rows.length, query);
    const flat: PreparedValues = { ...values };
    rows.forEach((row, index) => {
      for (const [name, value] of Object.entries(row)) flat[`${index}.${name}`] = value;
    });
    return query(db, flat);
  };
}
