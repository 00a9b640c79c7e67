import { CONTROL_DEVIATION_REASON, type ControlReviewList, toWireValue } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectControlsToReview } from '../../db/repositories/control-readings.ts';
import type { Database } from '../../db/schema.ts';
import { decimalText } from '../readings/control/control-tolerance.ts';
import { reviewEntryFields } from './review-entry.ts';

// Deviating control readings on `Til kontrol` (issue 38, ADR 050), beside the readings the
// plausibility rule doubts. A control is never billed, so the office only approves it: `Godkend`
// (approveOnReview) marks it reviewed; there is no `Ret`, as the control is what the reader saw on the meter.

/** The account's control readings that deviate from the remote value of their day, not yet approved. */
export async function controlsToReview(db: Kysely<Database>, accountId: string): Promise<ControlReviewList> {
  const rows = await selectControlsToReview(db, accountId);
  return rows.map((row) => ({
    ControlReadingId: row.id,
    Reason: CONTROL_DEVIATION_REASON,
    ...reviewEntryFields(row),
    RemoteValue: toWireValue(row.remoteValue),
    Difference: toWireValue(decimalText(Number(row.value) - Number(row.remoteValue))),
  }));
}
