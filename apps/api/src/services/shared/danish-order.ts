const collator = new Intl.Collator('da', { sensitivity: 'variant', numeric: true });

/**
 * Danish alphabetical order (æ, ø, å after z), the same on SQLite and PostgreSQL whatever collation
 * the database was created with; ties fall back to the id so the order is stable.
 */
export function byDanishName<T extends { name: string; id: number | string }>(a: T, b: T): number {
  const byName = collator.compare(a.name, b.name);
  if (byName !== 0) return byName;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}
