import { CONTROL_DEVIATION_REASON, CONTROL_TOLERANCE_PERCENT, controlDeviationNote } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { type StoredControl, setControlComparison } from '../../../db/repositories/control-readings.ts';
import { selectRemotePoints, selectRemoteValues } from '../../../db/repositories/remote-readings.ts';
import type { Database } from '../../../db/schema.ts';
import { groupBy } from '../../shared/group-by.ts';
import { openTask } from '../../tasks/open-task.ts';
import type { RulesWhenAsked } from '../account-rules.ts';
import type { RegisterReadings } from '../register-readings-request.ts';
import { compareControl, decimalText } from './control-tolerance.ts';

// Control readings on remote meters (issue 38, ADR 050): a `Kontrol` reading, kept beside the day's
// reading (ADR 049), is compared with the remote value of its day; beyond the tolerance it goes to
// `Til kontrol` and the meter gets a task. Runs inside the write's transaction.

/** Whether a batch has a control reading: such a batch is stored the transactional way. */
export const hasControlReading = (batch: RegisterReadings['batch']) =>
  batch.some((reading) => reading.reason === 'control');

/**
 * Compares each control reading this batch stored or changed with its remote meter's value of the
 * day: a deviating one goes to `Til kontrol` and its meter gets a task; one within the tolerance or
 * not comparable leaves `Til kontrol` (its value is new). A control resent unchanged is not in
 * `stored`, so a retry neither makes a second entry nor comments on the task again.
 */
export async function compareStoredControls(
  trx: Kysely<Database>,
  request: RegisterReadings,
  stored: readonly StoredControl[],
  rules: RulesWhenAsked,
): Promise<void> {
  if (stored.length === 0) return;
  const remotePoints = await selectRemotePoints(trx, [...new Set(stored.map((c) => c.write.deviceItemId))]);
  const deviceOf = new Map(remotePoints.map((point) => [point.id, point.deviceId]));
  const percent =
    remotePoints.length === 0
      ? CONTROL_TOLERANCE_PERCENT
      : ((await rules()).controlTolerancePercent ?? CONTROL_TOLERANCE_PERCENT);
  const remoteOf = groupBy(
    await selectRemoteValues(trx, [...deviceOf.keys()]),
    (value) => value.deviceItemId,
  );
  for (const { id, write } of stored) {
    const deviceId = deviceOf.get(write.deviceItemId);
    const comparison =
      deviceId === undefined
        ? null
        : compareControl(
            { date: write.dateRecord, value: write.value },
            remoteOf.get(write.deviceItemId) ?? [],
            percent,
          );
    await setControlComparison(trx, id, {
      needsReview: comparison?.deviates ? 1 : 0,
      remoteValue: comparison ? decimalText(comparison.remote) : null,
    });
    if (!comparison?.deviates || deviceId === undefined) continue;
    await openTask(trx, {
      accountId: request.accountId,
      deviceId,
      reason: CONTROL_DEVIATION_REASON,
      note: controlDeviationNote(
        write.dateRecord,
        write.value,
        comparison.remote,
        comparison.deviation,
        comparison.tolerance,
      ),
      userId: request.userId,
      now: request.now,
    });
  }
}
