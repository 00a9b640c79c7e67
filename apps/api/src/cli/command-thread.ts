import type { MessagePort } from 'node:worker_threads';
import type { Config } from '../config.ts';
import { openCommandSession } from './command-session.ts';
import { runCli } from './run-cli.ts';

/** What the thread that starts this one posts: the port commands come on, and the flag it waits on. */
export type CommandThreadData = { port: MessagePort; done: Int32Array };
/** The answer to one command: the exit code a CLI process would end with and what it printed. */
export type CommandAnswer = { code: number; stdout: string; stderr: string };

/**
 * The CLI as a worker thread (`new Worker('dist/cli.js', { workerData })`): each command that comes on
 * the port runs on one database opened once, and its answer is posted back before `done` is set, so a
 * caller blocked in `Atomics.wait` on `done` can read it at once with `receiveMessageOnPort`. The
 * browser tests make hundreds of calls; a new process each paid for loading the bundle and opening
 * the database every time (docs/performance.md, the test suite).
 */
export function serveCommands(config: Config, { port, done }: CommandThreadData): void {
  const session = openCommandSession(config);
  // A failure to open is answered to each command, like a process that fails at its start.
  session.catch(() => undefined);
  port.once('close', () => {
    session.then((opened) => opened.close()).catch(() => undefined);
  });
  port.on('message', async (argv: string[]) => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    let code: number;
    try {
      const { context } = await session;
      code = await runCli(argv, {
        ...context,
        print: (line) => stdout.push(`${line}\n`),
        printError: (line) => stderr.push(`${line}\n`),
        now: () => new Date(),
      });
    } catch (error) {
      stderr.push(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
      code = 1;
    }
    const answer: CommandAnswer = { code, stdout: stdout.join(''), stderr: stderr.join('') };
    port.postMessage(answer);
    Atomics.store(done, 0, 1);
    Atomics.notify(done, 0);
  });
}
