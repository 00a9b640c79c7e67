import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, type MessagePort, receiveMessageOnPort } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CommandAnswer, serveCommands } from '../../src/cli/command-thread.ts';
import { loadConfig } from '../../src/config.ts';
import { copyMigratedSqliteFile } from '../helpers/migrated-sqlite-file.ts';

// The CLI as the browser tests' worker thread serves it (e2e/support/cli.ts): here in this thread, so
// the caller polls the flag where the tests' thread blocks in Atomics.wait on it.
describe('CLI commands served on a port', () => {
  let dataDir: string;
  let caller: MessagePort;
  let served: MessagePort;
  const done = new Int32Array(new SharedArrayBuffer(4));

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'maaler-cli-thread-'));
    await copyMigratedSqliteFile(dataDir);
    ({ port1: caller, port2: served } = new MessageChannel());
    serveCommands(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, []), { port: served, done });
  });
  afterAll(() => {
    caller.close();
    served.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One command as e2e/support/cli.ts sends it: the answer is on the port once `done` is set. */
  async function command(...argv: string[]): Promise<CommandAnswer> {
    Atomics.store(done, 0, 0);
    caller.postMessage(argv);
    await vi.waitFor(() => expect(Atomics.load(done, 0)).toBe(1), { timeout: 10_000 });
    const answer = receiveMessageOnPort(caller)?.message as CommandAnswer | undefined;
    if (!answer) throw new Error('done was set without an answer on the port');
    return answer;
  }

  it('answers each command with its exit code and printed lines, on the one database', async () => {
    const customer = await command(
      'customer:add',
      '--name',
      'Trådvej Boliger',
      '--address',
      'Trådvej 1',
      '--postal',
      '8000',
      '--town',
      'Aarhus C',
    );
    expect(customer).toMatchObject({ code: 0, stderr: '' });
    expect(customer.stdout).toMatch(/^Created customer Trådvej Boliger \(.+\)\n$/);

    // The second command finds what the first one stored.
    const account = await command('account:add', '--customer', 'Trådvej Boliger', '--name', 'Trådvej drift');
    expect(account).toMatchObject({ code: 0, stderr: '' });
    expect(account.stdout).toMatch(/^Created account Trådvej drift \(.+\) for Trådvej Boliger\n$/);
  });

  it('answers a refused command with exit code 1 and the reason on stderr, then serves the next', async () => {
    const refused = await command('account:add', '--customer', 'Ingen Sådan Kunde', '--name', 'X');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^Error: /);

    const unknown = await command('no:such-command');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "no:such-command"');

    const list = await command('user:list');
    expect(list.code).toBe(0);
  });
});
