import {
  isoDateInCopenhagen,
  periodContaining,
  type SelfReadingLink,
  type SelfReadingRequest,
  toUsDate,
} from '@maaler/contract';
import type { Insertable, Kysely } from 'kysely';
import {
  insertSelfReadingLink,
  markSelfReadingLinkUsed,
  type SelfReadingLinkRow,
  selectMeterOwner,
  selectPointsOfMeter,
  selectSelfReadingLink,
  selectSelfReadValues,
} from '../../db/repositories/self-reading-links.ts';
import type { Database, SelfReadingLinksTable } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { selfReadingReceiptMail } from '../mail/mail-content.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { readingPeriodOf } from '../readings/reading-status.ts';
import { type ReadingsDatabase, saveReadings } from '../readings/save-readings.ts';
import type { Clock } from '../shared/clock.ts';
import { addDays } from '../shared/iso-days.ts';
import { hashLinkToken, linkUrl, newLinkToken } from './link-token.ts';
import { codeHashOf, hashSelfReadingCode, newSelfReadingCode } from './short-codes.ts';

// A resident's self-reading link (issue 35, ADR 039): bound to one meter and one reading period, open
// until the period's deadline. Every refusal (unknown token, expired, retired meter, another meter's
// point) is the same NotFoundError, so a caller learns nothing about links it does not hold.

export type SelfReadingDependencies = {
  db: Kysely<Database>;
  clock: Clock;
  publicUrl: string;
  /** Days after the period's end the link still takes values (SELF_READING_DEADLINE_DAYS). */
  deadlineDays: number;
};

/**
 * The `uploaded_by` of a photo sent through a link (issue 36): not a user id, so no user's rule ever
 * matches it, and only this link's readings may name the photo.
 */
export const selfReadingUploader = (linkId: string): string => `selfreading:${linkId}`;

/** A new link: its address and its short code (ADR 043), both shown once and never stored. */
export type IssuedSelfReadingLink = { id: string; url: string; code: string; deadline: string };

/**
 * A new link for the meter and the account's reading period running today; the address with the
 * token in its fragment, which no server log or Referer header sees. `accountId`, when given, must be
 * the meter's account (404 otherwise, as for an unknown or retired meter).
 */
export async function issueSelfReadingLink(
  deps: SelfReadingDependencies,
  request: { deviceId: number; accountId?: string; recipientEmail: string | null; createdBy: string },
): Promise<IssuedSelfReadingLink> {
  const owner = await selectMeterOwner(deps.db, request.deviceId);
  if (!owner || owner.retiredAt !== null) throw new NotFoundError();
  if (request.accountId !== undefined && owner.accountId !== request.accountId) throw new NotFoundError();
  const now = deps.clock.now();
  const period = periodContaining(now, await readingPeriodOf(deps.db, owner.accountId));
  const link = newLinkRow(deps, {
    deviceId: request.deviceId,
    accountId: owner.accountId,
    period,
    recipientEmail: request.recipientEmail,
    createdBy: request.createdBy,
  });
  await insertSelfReadingLink(deps.db, link.row);
  return link.issued;
}

/**
 * A new link's row for the meter and period, with its token and code (the row keeps their hashes
 * only); the caller stores the row. The deadline follows SELF_READING_DEADLINE_DAYS.
 */
export function newLinkRow(
  deps: Pick<SelfReadingDependencies, 'clock' | 'publicUrl' | 'deadlineDays'>,
  link: {
    deviceId: number;
    accountId: string;
    period: { start: string; end: string };
    recipientEmail: string | null;
    createdBy: string;
  },
): { row: Insertable<SelfReadingLinksTable>; issued: IssuedSelfReadingLink } {
  const deadline = addDays(link.period.end, deps.deadlineDays);
  const { token, hash } = newLinkToken();
  const code = newSelfReadingCode();
  const id = crypto.randomUUID();
  return {
    row: {
      id,
      token_hash: hash,
      code_hash: hashSelfReadingCode(code),
      device_id: link.deviceId,
      account_id: link.accountId,
      period_start: link.period.start,
      period_end: link.period.end,
      deadline,
      recipient_email: link.recipientEmail,
      created_at: deps.clock.now().toISOString(),
      created_by: link.createdBy,
    },
    issued: { id, url: linkUrl(deps.publicUrl, token), code, deadline },
  };
}

/** The link's page: the one meter, its points and the values sent through the link this period. */
export async function openSelfReadingLink(
  deps: Pick<SelfReadingDependencies, 'db' | 'clock'>,
  token: string,
): Promise<SelfReadingLink> {
  const link = await liveLink(deps, token);
  return viewOf(deps.db, link);
}

/**
 * Stores the resident's values as `selfreading` readings through the one reading write, dated today
 * (Copenhagen) or, after the period, its last day; a value sent again the same day replaces the
 * earlier one. A photo must be one uploaded through this very link (406 otherwise, as on the form). Writes the receipt to the outbox when the link has a recipient. Answers the page anew.
 */
export async function saveSelfReading(
  deps: SelfReadingDependencies,
  database: ReadingsDatabase,
  request: SelfReadingRequest,
): Promise<SelfReadingLink> {
  const link = await liveLink(deps, request.token);
  const points = await selectPointsOfMeter(deps.db, link.deviceId);
  const pointIds = new Set(points.map((point) => point.id));
  if (request.values.some((value) => !pointIds.has(value.deviceItemId))) throw new NotFoundError();

  const now = deps.clock.now();
  const today = isoDateInCopenhagen(now);
  // Today within the period: after its end, its last day (ISO dates sort as text, the middle one wins).
  const date = [link.periodStart, today, link.periodEnd].sort()[1] ?? link.periodEnd;
  await saveReadings(database, {
    accountId: link.accountId,
    userId: link.createdBy,
    batch: request.values.map((value) => ({
      gatewayId: link.gatewayId,
      deviceId: link.deviceId,
      deviceItemId: value.deviceItemId,
      dateRecord: toUsDate(date),
      value: value.value,
      // The one photo and note of the SEND go on every value, as on the form (ADR 045).
      ...(request.photoId === undefined ? {} : { photoId: request.photoId }),
      ...(request.note === undefined ? {} : { note: request.note }),
    })),
    now,
    idempotency: undefined,
    serverSource: 'selfreading',
    photoUploader: selfReadingUploader(link.id),
  });
  await markSelfReadingLinkUsed(deps.db, link.id, now.toISOString());
  const view = await viewOf(deps.db, { ...link, lastReadingAt: now.toISOString() });
  if (link.recipientEmail) await mailReceipt(deps, link.recipientEmail, link.customerId, view, request.token);
  return view;
}

/**
 * The link a token or a typed short code opens (ADR 043): a token (43 characters) can never read as a
 * code (10), so one field serves both and the code's page works exactly as the link's.
 */
export async function liveLink(
  deps: Pick<SelfReadingDependencies, 'db' | 'clock'>,
  tokenOrCode: string,
): Promise<SelfReadingLinkRow> {
  const codeHash = codeHashOf(tokenOrCode);
  const link = await selectSelfReadingLink(
    deps.db,
    codeHash === null ? { tokenHash: hashLinkToken(tokenOrCode) } : { codeHash },
  );
  if (!link || link.retiredAt !== null) throw new NotFoundError();
  if (isoDateInCopenhagen(deps.clock.now()) > link.deadline) throw new NotFoundError();
  return link;
}

async function viewOf(db: Kysely<Database>, link: SelfReadingLinkRow): Promise<SelfReadingLink> {
  const points = await selectPointsOfMeter(db, link.deviceId);
  const values = await selectSelfReadValues(
    db,
    points.map((point) => point.id),
    { start: link.periodStart, end: link.periodEnd },
  );
  return {
    customerName: link.customerName,
    locationName: link.locationName,
    locationAddress: link.locationAddress,
    meterName: link.meterName,
    serialNumber: link.serialNumber,
    deadline: link.deadline,
    points: points.map((point) => ({ ...point, value: values.get(point.id) ?? null })),
    lastReadingAt: link.lastReadingAt,
  };
}

async function mailReceipt(
  deps: SelfReadingDependencies,
  recipient: string,
  customerId: string,
  view: SelfReadingLink,
  token: string,
): Promise<void> {
  await enqueueMail(deps.db, {
    to: recipient,
    content: selfReadingReceiptMail({
      // The link's own address, to look at or correct the values until the deadline.
      url: linkUrl(deps.publicUrl, token),
      meterName: view.meterName,
      serialNumber: view.serialNumber,
      deadline: view.deadline,
      values: view.points.flatMap((point) =>
        point.value === null ? [] : [{ name: point.name, unit: point.unit, value: point.value }],
      ),
    }),
    customerIds: [customerId],
    now: deps.clock.now(),
  });
}
