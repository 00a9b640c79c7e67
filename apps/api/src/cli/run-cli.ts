import {
  backupCommand,
  type FileCommand,
  type FileCommandContext,
  restoreCommand,
} from './backup-commands.ts';
import type { CliContext, Command } from './cli-context.ts';
import { CliError } from './cli-error.ts';
import { generateTenantCommand } from './generate-commands.ts';
import {
  locationAdd,
  locationRoute,
  locationSequence,
  meterAdd,
  meterSequence,
  meterSerial,
  pointAdd,
} from './metering-commands.ts';
import { accountAdd, customerAdd } from './organisation-commands.ts';
import { retentionCommand } from './retention-commands.ts';
import { selfReadingLink } from './self-reading-commands.ts';
import {
  userAdd,
  userDelete,
  userDisable,
  userEnable,
  userList,
  userPasswd,
  userRole,
  userUnlock,
} from './user-commands.ts';

const COMMANDS: Record<string, Command> = {
  'user:add': userAdd,
  'user:passwd': userPasswd,
  'user:unlock': userUnlock,
  'user:list': userList,
  'user:role': userRole,
  'user:disable': userDisable,
  'user:enable': userEnable,
  'user:delete': userDelete,
  'customer:add': customerAdd,
  'account:add': accountAdd,
  'location:add': locationAdd,
  'location:sequence': locationSequence,
  'location:route': locationRoute,
  'meter:add': meterAdd,
  'meter:sequence': meterSequence,
  'meter:serial': meterSerial,
  'point:add': pointAdd,
  'selfreading:link': selfReadingLink,
  retention: retentionCommand,
  'generate-tenant': generateTenantCommand,
};

/** Commands on the database file itself: cli.ts runs them without opening (or migrating) the database. */
export const FILE_COMMANDS: Record<string, FileCommand> = {
  backup: backupCommand,
  restore: restoreCommand,
};

export const USAGE = `Usage: npm run cli -- <command> [options]

  customer:add --name N --address A --postal P --town T
  account:add  --customer <id|name> --name N
  location:add --account <id|name> --name N [--address A]
  location:sequence --location <id> --sequence N|none
               place of the location in the route (lowest first; none: after those, by name)
  location:route --location <id> --serials S1,S2,...
               the meters with these serial numbers take places 1, 2, ... in the route
  meter:add    --location <id> --name N --type heat|water|electricity|gas|other
               [--manual 1|0] [--serial S] [--installed-on YYYY-MM-DD]
  meter:sequence --meter <id> --sequence N|none   place of the meter in its location's route
  meter:serial --meter <id> --serial S   serial number (unique within the customer, any case)
  point:add    --meter <id> --name N --unit U [--digits N] [--counts-up-only 1|0]
               digits of the register; 1: it never resets (a lower value is refused)
  user:add     --email E --name N --role 0|1|2 --customer <id|name> [--customer ...]
               [--account <id|name> ...] [--password P]
  user:passwd  --email E [--password P]
  user:unlock  --email E   forget failed logins for the e-mail (lifts a lockout)
  user:role    --email E --role 0|1|2   change the role (also to or from administrator)
  user:disable --email E   the user cannot sign in; their sessions end at once
  user:enable  --email E   let a disabled user sign in again
  user:delete  --email E   delete the user; one named in readings is kept disabled, without
               customers or accounts, so the history keeps saying who
  user:list
  selfreading:link --meter <id> --by <e-mail> [--email E]
               a resident's self-reading link for the meter and its account's current
               period, issued in the name of the user --by; --email receives the receipts
  retention [--dry-run]
               delete and anonymise what the configured retention periods no longer keep
               (RETENTION_*); --dry-run only counts what is due and changes nothing
  generate-tenant [--readings N] [--seed S] [--accounts N] [--locations N] [--meters N]
               [--points N] [--years Y] [--until YYYY-MM-DD] [--password P]
               fills an EMPTY database with one deterministic customer for measuring
               (defaults: 200 accounts, meters/10 locations, 20000 meters, 50000 points,
               10000000 readings over 4 years up to today, seed 1, password skala1234)
  backup <file>   consistent copy of the SQLite database, also while the server runs
  restore <file>  put a backup back (stop the server first); the old file is kept beside it

Roles: 0 meter reader (one customer), 1 administrator (every account of its customers),
2 customer user. Without --password a temporary one is generated, printed once, and the user
must change it at first login.`;

/** Runs one command; returns the process exit code (1 for bad input, with the reason on stderr). */
export async function runCli(
  argv: string[],
  context: CliContext & { printError(line: string): void },
): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    context.print(USAGE);
    return name === undefined ? 1 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    context.printError(`Unknown command "${name}"\n\n${USAGE}`);
    return 1;
  }
  return exitCodeOf(() => command(args, context), context.printError);
}

/** Runs one of FILE_COMMANDS; returns the process exit code like runCli. */
export async function runFileCli(
  argv: string[],
  context: FileCommandContext & { printError(line: string): void },
): Promise<number> {
  const [name = '', ...args] = argv;
  const command = FILE_COMMANDS[name];
  if (!command) throw new Error(`"${name}" is not a file command`);
  return exitCodeOf(() => command(args, context), context.printError);
}

async function exitCodeOf(run: () => Promise<void>, printError: (line: string) => void): Promise<number> {
  try {
    await run();
    return 0;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    printError(`Error: ${error.message}`);
    return 1;
  }
}
