import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { measureInvitations } from './lib/invitation-scenario.ts';
import { waitForQuietMachine } from './lib/machine.ts';

/**
 * `node --import tsx bench/self-reading-invitations.ts`: 10,000 self-reading invitations queued by
 * `Send invitationer` and sent to a local SMTP server on SQLite, with the tree read's p99 during the
 * send beside it without (issue 35, ADR 044); the figures go to
 * bench/results/self-reading-invitations.json. `npm run bench` runs the same (`--skip invitations`
 * leaves it out).
 */
const log = (line: string) => console.log(line);
// No wait for a quiet machine: the shared machine rarely gets one; the load is recorded with the figures.
const machine = await waitForQuietMachine(0, 30, log);
log('Self-reading invitations on SQLite');
const figures = await measureInvitations('sqlite', log);
const out = resolve(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(
  resolve(out, 'self-reading-invitations.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, invitations: { sqlite: figures } }, null, 2)}\n`,
);
log(JSON.stringify(figures, null, 2));
