import { isMainThread, workerData } from 'node:worker_threads';
import { openCommandSession } from './cli/command-session.ts';
import { type CommandThreadData, serveCommands } from './cli/command-thread.ts';
import { FILE_COMMANDS, runCli, runFileCli } from './cli/run-cli.ts';
import { loadConfig } from './config.ts';

// Operator tool: the same configuration and database as the server (DATA_DIR or DATABASE_URL).
const config = loadConfig(process.env, []);

if (isMainThread) {
  process.exitCode = await runOnce(process.argv.slice(2));
} else {
  // The browser tests' CLI (apps/web/e2e/support/cli.ts): many commands on one open database.
  serveCommands(config, workerData as CommandThreadData);
}

async function runOnce(argv: string[]): Promise<number> {
  const output = {
    print: (line: string) => process.stdout.write(`${line}\n`),
    printError: (line: string) => process.stderr.write(`${line}\n`),
    now: () => new Date(),
  };
  try {
    if (argv[0] !== undefined && Object.hasOwn(FILE_COMMANDS, argv[0])) {
      // backup/restore handle the file themselves: an open connection would hold it during a restore.
      return await runFileCli(argv, { ...output, config, workingDir: process.env.INIT_CWD ?? process.cwd() });
    }
    const session = await openCommandSession(config);
    try {
      return await runCli(argv, { ...output, ...session.context });
    } finally {
      await session.close();
    }
  } catch (error) {
    process.stderr.write(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
