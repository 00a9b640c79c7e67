import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_COMMANDS, runFileCli } from '../../src/cli/run-cli.ts';

describe('backup and restore commands: what they refuse', () => {
  const work = mkdtempSync(join(tmpdir(), 'maaler-backup-commands-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function run(argv: string[], config: { dataDir: string; databaseUrl: string | undefined }) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runFileCli(argv, {
      config,
      workingDir: work,
      print: (line) => out.push(line),
      printError: (line) => err.push(line),
      now: () => new Date('2026-11-22T10:00:00Z'),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  const sqlite = { dataDir: join(work, 'data'), databaseUrl: undefined };
  const postgres = { dataDir: join(work, 'data'), databaseUrl: 'postgres://maaler@db.example/maaler' };

  it('are the file commands that cli.ts runs without opening the database', () => {
    expect(Object.keys(FILE_COMMANDS).sort()).toEqual(['backup', 'restore']);
  });

  it('point to pg_dump and pg_restore on PostgreSQL', async () => {
    const backup = await run(['backup', 'x.sqlite'], postgres);
    expect(backup.code).toBe(1);
    expect(backup.err).toMatch(/uses PostgreSQL\. Use pg_dump: pg_dump --format=custom/);
    const restore = await run(['restore', 'x.sqlite'], postgres);
    expect(restore.code).toBe(1);
    expect(restore.err).toMatch(/uses PostgreSQL\. Use pg_restore: pg_restore --clean/);
  });

  it.each([
    [['backup'], /Give exactly one file: npm run cli -- backup <file>/],
    [['restore', 'a', 'b'], /Give exactly one file: npm run cli -- restore <file>/],
    [['backup', '--force', 'x'], /Unknown option '--force'/],
    [['backup', 'x.sqlite'], /There is no database at .*maaler\.sqlite \(check DATA_DIR\)/],
    [['restore', 'missing.sqlite'], /missing\.sqlite does not exist/],
  ])('refuse %j with a clear message', async (argv, message) => {
    const res = await run(argv, sqlite);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(message);
  });

  it('never overwrite an existing file with a backup', async () => {
    const dataDir = join(work, 'live');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'maaler.sqlite'), '');
    writeFileSync(join(work, 'taken.sqlite'), 'keep me');
    const res = await run(['backup', 'taken.sqlite'], { dataDir, databaseUrl: undefined });
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/taken\.sqlite already exists; backup never overwrites a file/);
  });
});
