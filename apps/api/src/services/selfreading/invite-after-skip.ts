import { periodContaining, type SkipReason } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/engine/connection.ts';
import { lockInTransaction } from '../../db/repositories/job-locks.ts';
import { selectResidentsOfMeters } from '../../db/repositories/meter-residents.ts';
import { selectLinkLetter, selectLinkOfMeter } from '../../db/repositories/self-reading-link-lookups.ts';
import { insertLinkTokenOnce } from '../../db/repositories/self-reading-link-tokens.ts';
import { selectMeterOwner } from '../../db/repositories/self-reading-links.ts';
import type { Database } from '../../db/schema.ts';
import { selfReadingInvitationMail } from '../mail/mail-content.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { readingPeriodOf } from '../readings/reading-status.ts';
import { linkUrl, newLinkToken } from './link-token.ts';
import { issueSelfReadingLink, type SelfReadingDependencies } from './self-reading-links.ts';

// `Ingen adgang` → the resident finishes (issue 35, ADR 044). The smallest call the skip needs: the
// office's `inviteResident` (branch selfreading-office) is meant to take its place when both are merged.

/** The skip reason after which the resident gets the link. */
export const NO_ACCESS: SkipReason = 'Ingen adgang';
/** The purpose of the token this invitation carries: one per link, so a repeated skip sends nothing. */
const PURPOSE = 'ingen-adgang';
/** Advisory lock space for a meter's links (PostgreSQL): two skips at once issue one link. */
const METER_LINKS_LOCK = 44_001;

export type InviteAfterSkipDependencies = SelfReadingDependencies & { kind: DatabaseKind };

/**
 * Inside the skip's transaction: when the meter has a resident e-mail, issues (or reuses) the
 * period's link to that address and writes the invitation to the outbox, once per link. Answers
 * whether an invitation was written now.
 */
export async function inviteResidentAfterSkip(
  trx: Kysely<Database>,
  deps: InviteAfterSkipDependencies,
  skip: { accountId: string; deviceId: number; reason: SkipReason; userId: string },
): Promise<boolean> {
  if (skip.reason !== NO_ACCESS) return false;
  const resident = (await selectResidentsOfMeters(trx, [skip.deviceId])).get(skip.deviceId);
  if (!resident?.email) return false;
  // A retired meter keeps its resident (ADR 039) but takes no more readings: no link to it.
  if ((await selectMeterOwner(trx, skip.deviceId))?.retiredAt !== null) return false;
  if (deps.kind === 'postgres') await lockInTransaction(trx, METER_LINKS_LOCK, skip.deviceId);

  const now = deps.clock.now();
  const period = periodContaining(now, await readingPeriodOf(trx, skip.accountId));
  const linkId =
    (await selectLinkOfMeter(trx, {
      deviceId: skip.deviceId,
      accountId: skip.accountId,
      periodStart: period.start,
      recipientEmail: resident.email,
    })) ??
    (
      await issueSelfReadingLink(
        { ...deps, db: trx },
        {
          deviceId: skip.deviceId,
          accountId: skip.accountId,
          recipientEmail: resident.email,
          createdBy: skip.userId,
        },
      )
    ).id;

  const { token, hash } = newLinkToken();
  const fresh = await insertLinkTokenOnce(trx, {
    tokenHash: hash,
    linkId,
    purpose: PURPOSE,
    createdAt: now.toISOString(),
  });
  if (!fresh) return false;
  const letter = await selectLinkLetter(trx, linkId);
  if (!letter) throw new Error(`link ${linkId} vanished inside its transaction`);
  await enqueueMail(trx, {
    to: resident.email,
    content: selfReadingInvitationMail({
      residentName: resident.name,
      url: linkUrl(deps.publicUrl, token),
      meterName: letter.meterName,
      serialNumber: letter.serialNumber,
      deadline: letter.deadline,
    }),
    customerIds: [letter.customerId],
    now,
  });
  return true;
}
