import { isoDateInCopenhagen } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { insertLinkTokenOnce } from '../../db/repositories/self-reading-link-tokens.ts';
import {
  insertReminderOnce,
  type ReminderCandidate,
  selectReminderCandidates,
} from '../../db/repositories/self-reading-reminders.ts';
import type { Database } from '../../db/schema.ts';
import { selfReadingReminderMail } from '../mail/mail-content.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { Clock } from '../shared/clock.ts';
import { addDays } from '../shared/iso-days.ts';
import { linkUrl, newLinkToken } from './link-token.ts';

// `Påmindelse` (issue 35, ADR 044): days before a link's deadline, the resident whose meter is still
// not read gets one reminder per meter, period and step, with a fresh token for the same link.

/** The one reminder step so far; a later one (e.g. on the deadline's day) gets a name of its own. */
export const REMINDER_STEP = 'before-deadline';

export type ReminderDependencies = {
  db: Kysely<Database>;
  clock: Clock;
  publicUrl: string;
  /** REMINDER_DAYS_BEFORE_DEADLINE: the reminder goes from this many days before the deadline on. */
  daysBeforeDeadline: number;
  /** The app's write transaction (group commit on SQLite). */
  write: <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;
};

/**
 * Sends every reminder due today: the newest link of each meter and period in the window, unless that
 * link was issued inside the window (its invitation is as fresh as a reminder would be). Safe to run
 * again and from several instances at once: the reminder's key decides who sends.
 */
export async function sendDueReminders(deps: ReminderDependencies): Promise<{ reminded: number }> {
  const today = isoDateInCopenhagen(deps.clock.now());
  const candidates = await selectReminderCandidates(deps.db, {
    firstDeadline: today,
    lastDeadline: addDays(today, deps.daysBeforeDeadline),
    step: REMINDER_STEP,
  });
  const seen = new Set<string>();
  let reminded = 0;
  for (const candidate of candidates) {
    const meter = `${candidate.deviceId}|${candidate.periodStart}`;
    if (seen.has(meter)) continue;
    seen.add(meter);
    const windowStart = addDays(candidate.deadline, -deps.daysBeforeDeadline);
    if (isoDateInCopenhagen(new Date(candidate.createdAt)) >= windowStart) continue;
    if (await remind(deps, candidate)) reminded += 1;
  }
  return { reminded };
}

/** Records the reminder and, only when this call recorded it, writes its e-mail: all or nothing. */
function remind(deps: ReminderDependencies, candidate: ReminderCandidate): Promise<boolean> {
  return deps.write(async (trx) => {
    const now = deps.clock.now().toISOString();
    const recorded = await insertReminderOnce(trx, {
      linkId: candidate.linkId,
      step: REMINDER_STEP,
      sentAt: now,
    });
    if (!recorded) return false;
    const { token, hash } = newLinkToken();
    const stored = await insertLinkTokenOnce(trx, {
      tokenHash: hash,
      linkId: candidate.linkId,
      purpose: REMINDER_STEP,
      createdAt: now,
    });
    // The reminder's key was free, so its token's must be too; anything else is a bug, and no mail
    // with a dead link may go.
    if (!stored) throw new Error(`link ${candidate.linkId} already has a ${REMINDER_STEP} token`);
    await enqueueMail(trx, {
      to: candidate.recipientEmail,
      content: selfReadingReminderMail({
        residentName: candidate.residentName,
        url: linkUrl(deps.publicUrl, token),
        meterName: candidate.meterName,
        serialNumber: candidate.serialNumber,
        deadline: candidate.deadline,
      }),
      customerIds: [candidate.customerId],
      now: deps.clock.now(),
    });
    return true;
  });
}
