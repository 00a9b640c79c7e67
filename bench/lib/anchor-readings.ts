/**
 * The readings table as the migrations make it, without the API: the write work it cannot avoid. The
 * two anchors (SQLite, PostgreSQL) differ only in how the database numbers the rows.
 */
export function readingsTable(idColumn: 'integer primary key autoincrement' | 'serial primary key'): string {
  return `
  create table readings (
    id ${idColumn},
    device_item_id integer not null,
    date_record text not null,
    value text not null,
    registered_at text not null,
    registered_by text not null,
    plausibility_override integer not null default 0,
    constraint readings_item_date_uq unique (device_item_id, date_record)
  )`;
}

/** The columns each anchor row fills, in the order of `anchorRow`. */
export const ANCHOR_COLUMNS = ['device_item_id', 'date_record', 'value', 'registered_at', 'registered_by'];

/** The n-th row an anchor inserts: 2,000 points, each date once. */
export function anchorRow(n: number, at: string): [number, string, string, string, string] {
  return [n % 2000, String(n), `${n}.5`, at, 'bench-user'];
}
