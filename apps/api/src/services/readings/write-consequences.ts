import { parseUsDate, type ReadingPayload } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { MeasurementPointRow } from '../../db/repositories/measurement-points.ts';
import { selectOwnPhotoIds } from '../../db/repositories/photos.ts';
import {
  type EvidenceRow,
  selectEvidence,
  selectReadingIdsByKey,
  upsertEvidence,
} from '../../db/repositories/reading-evidence.ts';
import type { Database } from '../../db/schema.ts';
import { ReadingRefusedError } from '../../domain/errors.ts';
import { PHOTO_READING_ERRORS } from '../../messages.ts';
import { photoRequiredFor, photoRequiredOf } from './photo-required.ts';
import type { RegisterReadings } from './register-readings-request.ts';

// A reading's photo and `Bemærkning` (issue 36, ADR 045), stored beside the reading in
// `reading_evidence`, in the reading's transaction.

/** The payload's note as stored: blank is none. */
const noteOf = (payload: ReadingPayload): string | null => payload.note?.trim() || null;

/** Whether any reading of the batch carries a photo or a note (then the transactional path writes it). */
export function carriesEvidence(batch: readonly ReadingPayload[]): boolean {
  return batch.some((payload) => payload.photoId !== undefined || noteOf(payload) !== null);
}

/**
 * Throws the 406 of the first reading whose photo is not one its uploader (the sender, or the link it
 * came through) put on this account, or, where the account requires a photo (`Foto påkrævet`) and the
 * reading's source and sender are bound by it (photo-required.ts), that has none. Only reads, so it
 * runs before the one-statement write as well as inside the transaction.
 */
export async function checkEvidence(
  db: Kysely<Database>,
  request: RegisterReadings,
  points: ReadonlyMap<number, MeasurementPointRow>,
): Promise<void> {
  const nameOf = (payload: ReadingPayload) => points.get(payload.deviceItemId)?.name ?? '';
  // A client's source is `web` or `offline` here: validateReadings has refused any other.
  const sourceOf = (payload: ReadingPayload) =>
    request.serverSource ?? (payload.source === 'offline' ? 'offline' : 'web');
  const bound = request.batch.filter((payload) => photoRequiredFor(sourceOf(payload), request.senderRole));
  const missing = bound.find((payload) => payload.photoId === undefined);
  if (missing && (await photoRequiredOf(db, request.accountId))) {
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

/**
 * Inside the reading's transaction, after the readings are stored: each reading sent with a photo or a
 * note gets them, replacing what it had; a reading sent with neither keeps what it has, so the
 * one-statement path (which never writes evidence) and this one agree. Identical evidence is not
 * rewritten, so a repeated batch changes nothing.
 */
export async function storeEvidence(trx: Kysely<Database>, request: RegisterReadings): Promise<void> {
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

function photoIdOf(payload: ReadingPayload): string {
  return (payload.photoId ?? '').toLowerCase();
}
