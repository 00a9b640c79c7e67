import type { ColumnType } from 'kysely';

/** A nullable column that inserts may leave out (it starts as null). */
export type NullUntilSet<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A column with a database default that inserts may leave out. */
export type WithDefault<T> = ColumnType<T, T | undefined, T>;
