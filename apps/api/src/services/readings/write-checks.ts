import {
  METER_READER_ROLE,
  type ReadingPayload,
  type ReadingSource,
  registerRefusalText,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { type MeasurementPointRow, selectPointsOfAccount } from '../../db/repositories/measurement-points.ts';
import { selectOwnPhotoIds } from '../../db/repositories/photos.ts';
import type { ReadingWrite } from '../../db/repositories/readings.ts';
import type { Database } from '../../db/schema.ts';
import { ReadingRefusedError } from '../../domain/errors.ts';
import { PHOTO_READING_ERRORS } from '../../messages.ts';
import type { RulesWhenAsked } from './account-rules.ts';
import { declaredSettings, neighbourJudgements } from './neighbour-judgements.ts';
import { type ServerReadingSource, validateReadings, writesOf } from './reading-validation.ts';

// What a write checks before anything is stored: the form rules, a reading's photo and `Foto
// påkrævet`, the hard rules of the points that declare them, and `Til kontrol`. It only reads.

/** A batch of readings one user sends for one account at one time. */
export type RegisterReadings = {
  accountId: string;
  userId: string;
  batch: readonly ReadingPayload[];
  now: Date;
  /**
   * Set by the server's own writers that are not a client's SEND (the self-reading link, ADR 039): every
   * reading of the batch gets this source, and a client's `source` in the payload plays no part.
   */
  serverSource?: ServerReadingSource;
  /** The sender's role, where `Foto påkrævet` applies (a client's SEND); absent for the server's own writers. */
  senderRole?: number;
  /**
   * Whose uploads the batch's photos must be, where not the user's: a self-reading link's photos are
   * the link's own (selfReadingUploader), so no other link and no office user can name them.
   */
  photoUploader?: string;
  /** Where a move's clearing of a resident's contact is logged (ADR 046). */
  log?: { info: (fields: object, message: string) => void };
  /** Logs `task.opened` in the transaction when a reading's note marked for follow-up opens a task (issue 37). */
  onTaskOpened?: (trx: Kysely<Database>, task: { deviceId: number; taskId: number }) => Promise<void>;
};

export type CheckedWrites = {
  /** The rows to store, each with its `Til kontrol` flag. */
  writes: ReadingWrite[];
  /** Some write goes to review or replaces a reading on it (withReviewFlags). */
  touchesReview: boolean;
  /** The `Kontrol` readings, stored beside the period's readings, never judged for review (ADR 049). */
  controlWrites: ReadingWrite[];
  /** The meters with a `Fraflytning` reading in the batch: their resident's contact is cleared (ADR 046). */
  movedOutMeters: number[];
};

/**
 * The one check both ways of storing a batch open with (ADR 027): throws the 406 of the first invalid
 * reading, first by the form rules of every reading, then by its photo, then by the hard rules of the
 * points that declare them (ADR 020); otherwise answers the rows to store, judged for review (issue
 * 32). It only reads, so it runs inside the transaction as well as before the one-statement write.
 */
export async function checkedWrites(
  db: Kysely<Database>,
  request: RegisterReadings,
  rules: RulesWhenAsked,
): Promise<CheckedWrites> {
  const itemIds = [...new Set(request.batch.map((reading) => reading.deviceItemId))];
  const points = await selectPointsOfAccount(db, request.accountId, itemIds);
  const valid = validateReadings(request.batch, points, request.now, request.serverSource);
  const pointsById = new Map(points.map((point) => [point.id, point]));
  const settingsOf = (id: number) => {
    const point = pointsById.get(id);
    return point && declaredSettings(point);
  };
  await checkEvidence(db, request, pointsById, rules);
  const isControl = (reading: { reason: string }) => reading.reason === 'control';
  const { refusals, ...flagged } = await neighbourJudgements(
    db,
    { readings: valid, settingsOf },
    {
      writes: writesOf(
        valid.filter((reading) => !isControl(reading)),
        request.userId,
        request.now,
      ),
      digitsOf: (id) => pointsById.get(id)?.registerDigits,
    },
  );
  for (const [index, refusal] of refusals.entries()) {
    const point = pointsById.get(valid[index]?.deviceItemId ?? 0);
    if (refusal && point) throw new ReadingRefusedError(registerRefusalText(point.name, refusal));
  }
  const movedOut = valid.filter((reading) => reading.reason === 'move-out');
  const movedOutMeters = [
    ...new Set(movedOut.map((reading) => pointsById.get(reading.deviceItemId)?.deviceId)),
  ];
  return {
    ...flagged,
    controlWrites: writesOf(valid.filter(isControl), request.userId, request.now),
    movedOutMeters: movedOutMeters.filter((id): id is number => id !== undefined),
  };
}

/** The payload's note as stored: blank is none. */
export const noteOf = (payload: ReadingPayload): string | null => payload.note?.trim() || null;

/** The payload's photo id as stored (ids are compared in lower case). */
export const photoIdOf = (payload: ReadingPayload): string => (payload.photoId ?? '').toLowerCase();

/** Whether any reading of the batch carries a photo or a note (then the transactional path writes it). */
export function carriesEvidence(batch: readonly ReadingPayload[]): boolean {
  return batch.some((payload) => payload.photoId !== undefined || noteOf(payload) !== null);
}

/** Whether a batch has a control reading (ADR 049): such a batch is stored the transactional way. */
export const hasControlReading = (batch: readonly ReadingPayload[]) =>
  batch.some((reading) => reading.reason === 'control');

/**
 * Where `Foto påkrævet` applies, by a reading's source (ADR 045, amended 2026-11-28). The setting is
 * the office's evidence rule for its own readers in the field, so it binds only a reader's (role 0)
 * SEND from the form, online or kept offline. The office's import and the CLI are the office itself
 * typing values it already has; an estimate has no meter to photograph, nor has a meter's radio
 * telegram; a resident's self-reading
 * link is offered a photo but never required one, so a resident without a camera can still answer.
 */
const PHOTO_REQUIRED_FOR: Record<ReadingSource, (senderRole: number | undefined) => boolean> = {
  web: (role) => role === METER_READER_ROLE,
  offline: (role) => role === METER_READER_ROLE,
  import: () => false,
  cli: () => false,
  estimate: () => false,
  remote: () => false,
  selfreading: () => false,
};

/**
 * Throws the 406 of the first reading whose photo is not one its uploader (the sender, or the link it
 * came through) put on this account, or, where the account requires a photo (`Foto påkrævet`) and the
 * reading's source and sender are bound by it (`PHOTO_REQUIRED_FOR`), that has none.
 */
async function checkEvidence(
  db: Kysely<Database>,
  request: RegisterReadings,
  points: ReadonlyMap<number, MeasurementPointRow>,
  rules: RulesWhenAsked,
): Promise<void> {
  const nameOf = (payload: ReadingPayload) => points.get(payload.deviceItemId)?.name ?? '';
  // A client's source is `web` or `offline` here: validateReadings has refused any other.
  const sourceOf = (payload: ReadingPayload) =>
    request.serverSource ?? (payload.source === 'offline' ? 'offline' : 'web');
  const bound = request.batch.filter((payload) => PHOTO_REQUIRED_FOR[sourceOf(payload)](request.senderRole));
  const missing = bound.find((payload) => payload.photoId === undefined);
  if (missing && (await rules()).photoRequired) {
    throw new ReadingRefusedError(PHOTO_READING_ERRORS.photoRequired(nameOf(missing)));
  }
  const named = request.batch.filter((payload) => payload.photoId !== undefined);
  if (named.length === 0) return;
  const uploadedBy = request.photoUploader ?? request.userId;
  const own = await selectOwnPhotoIds(db, { accountId: request.accountId, uploadedBy }, [
    ...new Set(named.map((payload) => photoIdOf(payload))),
  ]);
  const unknown = named.find((payload) => !own.has(photoIdOf(payload)));
  if (unknown) throw new ReadingRefusedError(PHOTO_READING_ERRORS.photoUnknown(nameOf(unknown)));
}
