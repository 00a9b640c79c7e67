import { periodContaining } from '@maaler/contract';
import { selectResidentsOfMeters } from '../../db/repositories/meter-residents.ts';
import { hasLinkFor, selectMeterOnLetter } from '../../db/repositories/self-reading-office.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { selfReadingInvitationMail } from '../mail/mail-content.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { readingPeriodOf } from '../readings/reading-status.ts';
import { issueSelfReadingLink, type SelfReadingDependencies } from './self-reading-links.ts';

// A resident's invitation to read their own meter (issue 35, ADR 043): the one place that issues the
// period's link for a meter and writes the Danish invitation to the outbox. The office's bulk send
// calls it per meter; a reader's `Ingen adgang` skip may call it too.

export type InvitationOutcome =
  | { status: 'invited'; linkId: string }
  /** The meter's resident had a link for this period already: nothing is sent twice. */
  | { status: 'already-invited' }
  /** No resident e-mail on the meter: the office prints a letter instead. */
  | { status: 'no-email' };

/**
 * Invites the meter's resident for the account's period running now: issues a link addressed to the
 * resident's e-mail (receipts go there too) and enqueues the invitation with its address, unless the
 * resident has a link for the period already. Pass a transaction as `deps.db`, so the link and its
 * e-mail are stored together. 404 for a meter not on the account or retired.
 */
export async function inviteResident(
  deps: SelfReadingDependencies,
  request: { deviceId: number; accountId: string; createdBy: string },
): Promise<InvitationOutcome> {
  const meter = await selectMeterOnLetter(deps.db, request.deviceId);
  if (!meter || meter.retiredAt !== null || meter.accountId !== request.accountId) throw new NotFoundError();
  const resident = (await selectResidentsOfMeters(deps.db, [request.deviceId])).get(request.deviceId);
  if (!resident || resident.email === '') return { status: 'no-email' };

  const period = periodContaining(deps.clock.now(), await readingPeriodOf(deps.db, request.accountId));
  const invitedBefore = await hasLinkFor(deps.db, {
    deviceId: request.deviceId,
    accountId: request.accountId,
    periodStart: period.start,
    email: resident.email,
  });
  if (invitedBefore) return { status: 'already-invited' };

  const issued = await issueSelfReadingLink(deps, {
    deviceId: request.deviceId,
    accountId: request.accountId,
    recipientEmail: resident.email,
    createdBy: request.createdBy,
  });
  await enqueueMail(deps.db, {
    to: resident.email,
    content: selfReadingInvitationMail({
      residentName: resident.name,
      url: issued.url,
      meterName: meter.meterName,
      serialNumber: meter.serialNumber,
      address: meter.locationAddress,
      deadline: issued.deadline,
    }),
    customerIds: [meter.customerId],
    now: deps.clock.now(),
  });
  return { status: 'invited', linkId: issued.id };
}
