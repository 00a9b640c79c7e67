import { periodContaining } from '@maaler/contract';
import type { DatabaseKind } from '../../db/engine/connection.ts';
import { lockAllInTransaction } from '../../db/repositories/job-locks.ts';
import { selectResidentsOfMeters } from '../../db/repositories/meter-residents.ts';
import { selectLinksOfMeters } from '../../db/repositories/self-reading-link-lookups.ts';
import { insertLinkTokensOnce } from '../../db/repositories/self-reading-link-tokens.ts';
import { insertSelfReadingLinks } from '../../db/repositories/self-reading-links.ts';
import { selectMetersOnLetter } from '../../db/repositories/self-reading-office.ts';
import { selfReadingInvitationMail } from '../mail/mail-content.ts';
import { enqueueMails } from '../mail/outbox.ts';
import { readingPeriodOf } from '../readings/reading-status.ts';
import { linkUrl, newLinkToken } from './link-token.ts';
import { newLinkRow, type SelfReadingDependencies } from './self-reading-links.ts';

// A resident's invitation to read their own meter (issue 35, ADR 043, ADR 044): the one place that
// issues the period's link for a meter and writes the Danish invitation to the outbox. The office's
// `Send invitationer` calls it for many meters at once, a reader's `Ingen adgang` skip for one.

export type InvitationOutcome =
  | { status: 'invited'; linkId: string }
  /** The resident's link for this period was sent in an invitation before: nothing is sent twice. */
  | { status: 'already-invited' }
  /** No resident e-mail on the meter: the office prints a letter instead. */
  | { status: 'no-email' }
  /** Not a meter of the account, or retired (it keeps its resident, ADR 039, but takes no readings). */
  | { status: 'unavailable' };

export type InvitationDependencies = SelfReadingDependencies & { kind: DatabaseKind };

/** The purpose of the token an invitation carries: one per link, so the link is sent once. */
const INVITATION = 'invitation';
/** Advisory lock space for a meter's links (PostgreSQL): two invitations at once issue one link. */
const METER_LINKS_LOCK = 44_001;

/**
 * Invites the residents of the account's meters for the period running now, in the caller's
 * transaction (`deps.db`) and in a fixed number of statements however many meters: each meter's
 * link to its resident's e-mail is reused or issued, and the invitation is written to the outbox
 * once per link, carrying a token of its own. Answers each meter's outcome.
 */
export async function inviteResidents(
  deps: InvitationDependencies,
  request: { accountId: string; createdBy: string; deviceIds: readonly number[] },
): Promise<Map<number, InvitationOutcome>> {
  const { db } = deps;
  const outcomes = new Map<number, InvitationOutcome>();
  const meters = await selectMetersOnLetter(db, request.deviceIds);
  const residents = await selectResidentsOfMeters(db, request.deviceIds);
  const invitees = request.deviceIds.flatMap((deviceId) => {
    const meter = meters.get(deviceId);
    const resident = residents.get(deviceId);
    if (!meter || meter.retiredAt !== null || meter.accountId !== request.accountId) {
      outcomes.set(deviceId, { status: 'unavailable' });
      return [];
    }
    if (!resident?.email) {
      outcomes.set(deviceId, { status: 'no-email' });
      return [];
    }
    return [{ deviceId, meter, resident, key: `${deviceId} ${resident.email}` }];
  });
  if (invitees.length === 0) return outcomes;
  if (deps.kind === 'postgres') {
    await lockAllInTransaction(
      db,
      METER_LINKS_LOCK,
      invitees.map((invitee) => invitee.deviceId),
    );
  }

  const now = deps.clock.now();
  const period = periodContaining(now, await readingPeriodOf(db, request.accountId));
  const links = new Map<string, { id: string; deadline: string }>();
  // Newest first: the first link found for a meter and address is the one to send.
  for (const link of await selectLinksOfMeters(db, { ...request, periodStart: period.start })) {
    const key = `${link.deviceId} ${link.recipientEmail ?? ''}`;
    if (!links.has(key)) links.set(key, { id: link.id, deadline: link.deadline });
  }
  const issued = invitees
    .filter((invitee) => !links.has(invitee.key))
    .map((invitee) => {
      const link = newLinkRow(deps, {
        deviceId: invitee.deviceId,
        accountId: request.accountId,
        period,
        recipientEmail: invitee.resident.email,
        createdBy: request.createdBy,
      });
      links.set(invitee.key, { id: link.issued.id, deadline: link.issued.deadline });
      return link.row;
    });
  await insertSelfReadingLinks(db, issued);

  const letters = invitees.map((invitee) => {
    const link = links.get(invitee.key);
    if (!link) throw new Error(`no link for meter ${invitee.deviceId}`);
    return { ...invitee, link, token: newLinkToken() };
  });
  const sendable = await insertLinkTokensOnce(
    db,
    letters.map((letter) => ({
      tokenHash: letter.token.hash,
      linkId: letter.link.id,
      purpose: INVITATION,
      createdAt: now.toISOString(),
    })),
  );
  const invited = letters.filter((letter) => sendable.has(letter.link.id));
  await enqueueMails(
    db,
    invited.map(({ meter, resident, link, token }) => ({
      to: resident.email,
      content: selfReadingInvitationMail({
        residentName: resident.name,
        url: linkUrl(deps.publicUrl, token.token),
        meterName: meter.meterName,
        serialNumber: meter.serialNumber,
        address: meter.locationAddress,
        deadline: link.deadline,
      }),
      customerIds: [meter.customerId],
      now,
    })),
  );
  for (const letter of letters) {
    outcomes.set(
      letter.deviceId,
      sendable.has(letter.link.id)
        ? { status: 'invited', linkId: letter.link.id }
        : { status: 'already-invited' },
    );
  }
  return outcomes;
}

/** `inviteResidents` for one meter. */
export async function inviteResident(
  deps: InvitationDependencies,
  request: { deviceId: number; accountId: string; createdBy: string },
): Promise<InvitationOutcome> {
  const outcomes = await inviteResidents(deps, { ...request, deviceIds: [request.deviceId] });
  return outcomes.get(request.deviceId) ?? { status: 'unavailable' };
}
