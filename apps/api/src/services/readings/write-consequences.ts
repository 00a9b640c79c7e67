import {
  CONTROL_DEVIATION_REASON,
  CONTROL_TOLERANCE_PERCENT,
  controlDeviationNote,
  FOLLOW_UP_REASON,
  parseUsDate,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { type StoredControl, setControlComparison } from '../../db/repositories/control-readings.ts';
import { clearResidents } from '../../db/repositories/meter-residents.ts';
import {
  claimEvidenceWithoutTask,
  type EvidenceRow,
  selectEvidence,
  selectReadingIdsByKey,
  setEvidenceTask,
  upsertEvidence,
} from '../../db/repositories/reading-writes.ts';
import { selectRemotePoints, selectRemoteValues } from '../../db/repositories/remote-readings.ts';
import type { Database } from '../../db/schema.ts';
import { groupBy } from '../shared/group-by.ts';
import { openTask } from '../tasks/open-task.ts';
import type { RulesWhenAsked } from './account-rules.ts';
import { compareControl, decimalText } from './control/control-tolerance.ts';
import { type CheckedWrites, noteOf, photoIdOf, type RegisterReadings } from './write-checks.ts';

// What a stored write sets off, in its transaction after the readings are stored: a control
// reading's comparison with the remote meter (ADR 050), the readings' photo and `Bemærkning` (ADR 045),
// the task of a note marked `Kræver opfølgning` (ADR 047), and a move's clearing of the resident (ADR 046).

/** Carries out what the stored `checked` writes of `request` set off. */
export async function carryOutConsequences(
  trx: Kysely<Database>,
  request: RegisterReadings,
  checked: CheckedWrites,
  rules: RulesWhenAsked,
  storedControls: readonly StoredControl[],
): Promise<void> {
  await compareStoredControls(trx, request, storedControls, rules);
  await storeEvidence(trx, request);
  await openFollowUpTasks(trx, request);
  // A move (`Fraflytning`): the old resident's contact goes with the same commit (ADR 046).
  const cleared = await clearResidents(trx, checked.movedOutMeters);
  if (cleared.length > 0) {
    request.log?.info({ event: 'resident.cleared', meterIds: cleared }, 'resident.cleared');
  }
}

/**
 * Compares each control reading this batch stored or changed with its remote meter's value of the
 * day: a deviating one goes to `Til kontrol` and its meter gets a task; one within the tolerance or
 * not comparable leaves `Til kontrol` (its value is new). A control resent unchanged is not in
 * `stored`, so a retry neither makes a second entry nor comments on the task again.
 */
async function compareStoredControls(
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

/**
 * Each reading sent with a photo or a note gets them, replacing what it had; a reading sent with
 * neither keeps what it has, so the one-statement path (which never writes evidence) and this one
 * agree. Identical evidence is not rewritten, so a repeated batch changes nothing.
 */
async function storeEvidence(trx: Kysely<Database>, request: RegisterReadings): Promise<void> {
  const wanted = new Map<
    string,
    { deviceItemId: number; dateRecord: string; photoId: string | null; note: string | null }
  >();
  for (const payload of request.batch) {
    const note = noteOf(payload);
    const dateRecord = parseUsDate(payload.dateRecord);
    // A control reading has no row in `readings` to carry it (ADR 049).
    if ((payload.photoId === undefined && note === null) || dateRecord === null) continue;
    if (payload.reason === 'control') continue;
    const photoId = payload.photoId === undefined ? null : photoIdOf(payload);
    wanted.set(`${payload.deviceItemId}|${dateRecord}`, {
      deviceItemId: payload.deviceItemId,
      dateRecord,
      photoId,
      note,
    });
  }
  if (wanted.size === 0) return;
  const readings = await selectReadingIdsByKey(trx, [...wanted.values()]);
  const stored = new Map(
    (
      await selectEvidence(
        trx,
        readings.map((r) => r.id),
      )
    ).map((row) => [row.readingId, row]),
  );
  const changed: EvidenceRow[] = [];
  for (const reading of readings) {
    const evidence = wanted.get(`${reading.deviceItemId}|${reading.dateRecord}`);
    if (!evidence) continue;
    const before = stored.get(reading.id);
    if (before && before.photoId === evidence.photoId && before.note === evidence.note) continue;
    changed.push({ readingId: reading.id, photoId: evidence.photoId, note: evidence.note });
  }
  await upsertEvidence(trx, changed, { at: request.now.toISOString(), by: request.userId });
}

/**
 * After the evidence is stored (issue 37): each reading sent with a note marked `Kræver opfølgning`
 * hands it to the office through `openTask`, once per reading, and logs `task.opened` for a task it
 * opened. The reading's evidence keeps the task, so a retry or an offline replay of the same reading,
 * with or without its Idempotency-Key, opens nothing and adds no comment.
 */
async function openFollowUpTasks(trx: Kysely<Database>, request: RegisterReadings): Promise<void> {
  const notes = new Map<string, { deviceItemId: number; dateRecord: string; note: string }>();
  for (const payload of request.batch) {
    const note = payload.note?.trim();
    const dateRecord = parseUsDate(payload.dateRecord);
    if (payload.followUp !== true || !note || dateRecord === null) continue;
    notes.set(`${payload.deviceItemId}|${dateRecord}`, {
      deviceItemId: payload.deviceItemId,
      dateRecord,
      note,
    });
  }
  if (notes.size === 0) return;
  const readings = await selectReadingIdsByKey(trx, [...notes.values()]);
  const noteOfReading = new Map(
    readings.map((reading) => [reading.id, notes.get(`${reading.deviceItemId}|${reading.dateRecord}`)?.note]),
  );
  const opened: { deviceId: number; taskId: number }[] = [];
  // The form sends a SEND's note on every point of the meter: the meter's readings share one task.
  const taskOfMeter = new Map<number, number>();
  for (const claimed of await claimEvidenceWithoutTask(
    trx,
    readings.map((reading) => reading.id),
  )) {
    const shared = taskOfMeter.get(claimed.deviceId);
    if (shared !== undefined) {
      await setEvidenceTask(trx, claimed.readingId, shared);
      continue;
    }
    const task = await openTask(trx, {
      accountId: request.accountId,
      deviceId: claimed.deviceId,
      reason: FOLLOW_UP_REASON,
      note: noteOfReading.get(claimed.readingId) ?? null,
      userId: request.userId,
      now: request.now,
    });
    await setEvidenceTask(trx, claimed.readingId, task.taskId);
    taskOfMeter.set(claimed.deviceId, task.taskId);
    if (task.opened) opened.push({ deviceId: claimed.deviceId, taskId: task.taskId });
  }
  for (const task of opened) await request.onTaskOpened?.(trx, task);
}
