import { CONTROL_DEVIATION_REASON, controlDeviationNote } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { ReadingWrite } from '../../../db/repositories/readings.ts';
import { selectRemotePoints, selectRemoteValues } from '../../../db/repositories/remote-readings.ts';
import type { Database } from '../../../db/schema.ts';
import { groupBy } from '../../shared/group-by.ts';
import { openTask } from '../../tasks/open-task.ts';
import type { RulesWhenAsked } from '../account-rules.ts';
import type { RegisterReadings } from '../register-readings-request.ts';
import { compareControl } from './control-tolerance.ts';

// Control readings on remote meters (issue 38, ADR 050): a `Kontrol` reading, kept beside the day's
// reading (ADR 049), is compared with the remote value of its day; beyond the tolerance the meter gets
// a task. Runs inside the write's transaction.

/** Whether a batch has a control reading: such a batch is stored the transactional way. */
export const hasControlReading = (batch: RegisterReadings['batch']) =>
  batch.some((reading) => reading.reason === 'control');

/** Opens a task for each control reading that deviates from its remote meter's value of the day. */
export async function openControlDeviationTasks(
  trx: Kysely<Database>,
  request: RegisterReadings,
  controls: readonly ReadingWrite[],
  rules: RulesWhenAsked,
): Promise<void> {
  const remotePoints = await selectRemotePoints(trx, [...new Set(controls.map((w) => w.deviceItemId))]);
  if (remotePoints.length === 0) return;
  const deviceOf = new Map(remotePoints.map((point) => [point.id, point.deviceId]));
  const percent = (await rules()).controlTolerancePercent;
  const remoteOf = groupBy(
    await selectRemoteValues(trx, [...deviceOf.keys()]),
    (value) => value.deviceItemId,
  );
  for (const write of controls) {
    const deviceId = deviceOf.get(write.deviceItemId);
    const comparison =
      deviceId === undefined
        ? null
        : compareControl(
            { date: write.dateRecord, value: write.value },
            remoteOf.get(write.deviceItemId) ?? [],
            percent,
          );
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
