import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';

const OWNER_READ_WRITE = 0o600;

/**
 * Makes `file` readable and writable by its owner only, creating it empty when absent. SQLite creates
 * a database's -wal, -shm and journal files with the database file's own mode, so securing the main
 * file before SQLite opens it secures those too; existing ones (from older versions) are fixed here.
 */
export function ownerOnlyFile(file: string, { withCompanions = false } = {}): void {
  closeSync(openSync(file, 'a', OWNER_READ_WRITE));
  chmodSync(file, OWNER_READ_WRITE);
  if (!withCompanions) return;
  for (const suffix of ['-wal', '-shm', '-journal']) {
    if (existsSync(`${file}${suffix}`)) chmodSync(`${file}${suffix}`, OWNER_READ_WRITE);
  }
}
