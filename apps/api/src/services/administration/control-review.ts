import {
  type ApproveResponse,
  CONTROL_DEVIATION_REASON,
  type ControlReviewList,
  toDanishDate,
  toWireValue,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import {
  markControlsReviewed,
  selectControlsToReview,
  selectDeviatingControlIds,
} from '../../db/repositories/control-readings.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { decimalText } from '../readings/control/control-tolerance.ts';

// Deviating control readings on `Til kontrol` (issue 38, ADR 050), beside the readings the
// plausibility rule doubts. A control is never billed, so the office only approves it: `Godkend`
// marks it reviewed; there is no `Ret`, as the control is what the reader saw on the meter.

/** The account's control readings that deviate from the remote value of their day, not yet approved. */
export async function controlsToReview(db: Kysely<Database>, accountId: string): Promise<ControlReviewList> {
  const rows = await selectControlsToReview(db, accountId);
  return rows.map((row) => ({
    ControlReadingId: row.id,
    Reason: CONTROL_DEVIATION_REASON,
    GatewayId: row.gatewayId,
    GatewayName: row.gatewayName,
    DeviceId: row.deviceId,
    DeviceName: row.deviceName,
    DeviceItemId: row.itemId,
    Name: row.itemName,
    Unit: row.unit,
    Value: toWireValue(row.value),
    RemoteValue: toWireValue(row.remoteValue),
    Difference: toWireValue(decimalText(Number(row.value) - Number(row.remoteValue))),
    DateRecord: row.dateRecord,
    DateRecordFormatted: toDanishDate(row.dateRecord),
    RegisteredAt: row.registeredAt,
    RegisteredBy: row.registeredBy,
  }));
}

/**
 * Marks deviating control readings of the account reviewed (who, when). Every id must be such a
 * control of the account, else 404 and nothing changes; one approved before keeps its first approval.
 */
export async function approveControls(
  trx: Kysely<Database>,
  request: { accountId: string; userId: string; controlReadingIds: readonly number[]; now: Date },
): Promise<ApproveResponse> {
  const wanted = [...new Set(request.controlReadingIds)];
  const found = await selectDeviatingControlIds(trx, request.accountId, wanted);
  if (found.length !== wanted.length) throw new NotFoundError();
  const count = await markControlsReviewed(trx, wanted, {
    by: request.userId,
    at: request.now.toISOString(),
  });
  return { Success: true, Message: '', Count: count };
}
