import { runRetention } from '../services/retention/retention-job.ts';
import { retentionRulesWith } from '../services/retention/retention-rules.ts';
import type { Command } from './cli-context.ts';
import { parseOptions } from './parse-options.ts';

/** `retention [--dry-run]`: one run of the retention job (ADR 042); prints the count per kind. */
export const retentionCommand: Command = async (args, { db, print, now, retention }) => {
  const options = parseOptions(args, { 'dry-run': { type: 'boolean' } });
  const dryRun = options['dry-run'] === true;
  const run = await runRetention({
    db,
    kind: retention.kind,
    clock: { now },
    periods: retention.periods,
    log: retention.log,
    dryRun,
    rules: retentionRulesWith(retention.photoStore, retention.log),
  });
  if (run.skipped) {
    print('Another instance is running the retention job; nothing done.');
    return;
  }
  print(dryRun ? 'Dry run: due now (nothing changed)' : 'Deleted or anonymised');
  for (const [kind, count] of Object.entries(run.counts)) print(`  ${kind.padEnd(18)} ${count}`);
};
