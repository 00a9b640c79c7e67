import { measureInvitations } from './lib/invitation-scenario.ts';

/**
 * `node --import tsx bench/self-reading-invitations.ts`: 10,000 self-reading invitations queued and
 * sent to a local SMTP server on SQLite, with the tree read's p99 during the send beside it without
 * (issue 35, ADR 044). `npm run bench` runs the same (`--skip invitations` leaves it out).
 */
const log = (line: string) => console.log(line);
log('Self-reading invitations on SQLite');
const figures = await measureInvitations('sqlite', log);
log(JSON.stringify(figures, null, 2));
