import {
  type PlausibilityIssue,
  type PlausibilityWarning,
  plausibilityIssues,
  type ReviewList,
  toUsDate,
  toWireValue,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectNeighbourReadings } from '../../db/repositories/reading-neighbours.ts';
import { selectReadingAwaitingReview, selectReadingsToReview } from '../../db/repositories/reading-review.ts';
import { markApproved } from '../../db/repositories/review-approvals.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { registerReadings } from '../readings/save-readings.ts';
import { reviewEntryFields } from './review-entry.ts';

/**
 * The account's readings sent with `Send alligevel` that await approval, each with the warnings the
 * contract's plausibility rule gives it against the point's readings dated before it (ADR 016).
 */
export async function readingsToReview(db: Kysely<Database>, accountId: string): Promise<ReviewList> {
  const rows = await selectReadingsToReview(db, accountId);
  const readingsOfPoint = await selectNeighbourReadings(
    db,
    rows.map((row) => ({ deviceItemId: row.itemId, dateRecord: row.dateRecord })),
  );
  return rows.map((row) => {
    const earlier = (readingsOfPoint.get(row.itemId) ?? [])
      .filter((reading) => reading.dateRecord < row.dateRecord)
      .map(({ dateRecord, value }) => ({ date: dateRecord, value }));
    const issues = plausibilityIssues({ date: row.dateRecord, value: row.value, known: earlier });
    return {
      ReadingId: row.id,
      ...reviewEntryFields(row),
      Warnings: issues.map(toWarning),
      ...(row.photoId === null ? {} : { PhotoId: row.photoId }),
      ...(row.note === null ? {} : { Note: row.note }),
    };
  });
}

function toWarning(issue: PlausibilityIssue): PlausibilityWarning {
  const none = { ComparedValue: null, ComparedDate: null, PerDay: null, Low: null, High: null };
  switch (issue.kind) {
    case 'backwards':
      return {
        ...none,
        Kind: issue.kind,
        ComparedValue: toWireValue(issue.previous.value),
        ComparedDate: issue.previous.date,
      };
    case 'date-before-last':
      return {
        ...none,
        Kind: issue.kind,
        ComparedValue: toWireValue(issue.last.value),
        ComparedDate: issue.last.date,
      };
    case 'consumption-high':
    case 'consumption-low':
      return { ...none, Kind: issue.kind, PerDay: issue.perDay, Low: issue.low, High: issue.high };
  }
}

/**
 * The administrator's value for a reading that awaits review: stored through the same rules and
 * audit as any reading (406 with the point's name when the value is not a reading), then marked
 * `Godkendt`, so it leaves the list also when the value was right after all. 404 for any reading
 * that does not await review on the account.
 */
export async function correctReading(
  trx: Kysely<Database>,
  request: { accountId: string; userId: string; readingId: number; value: string; now: Date },
): Promise<void> {
  const reading = await selectReadingAwaitingReview(trx, request.accountId, request.readingId);
  if (!reading) throw new NotFoundError();
  await registerReadings(trx, {
    accountId: request.accountId,
    userId: request.userId,
    batch: [
      {
        gatewayId: reading.gatewayId,
        deviceId: reading.deviceId,
        deviceItemId: reading.itemId,
        dateRecord: toUsDate(reading.dateRecord),
        value: request.value,
      },
    ],
    now: request.now,
  });
  await markApproved(trx, 'reading', [request.readingId], {
    by: request.userId,
    at: request.now.toISOString(),
  });
}
