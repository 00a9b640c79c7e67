import { MAX_READING_NOTE_LENGTH } from '@maaler/contract';
import { METER_READER_ROLE } from '@/config/constants';

// On the first load with the form's state: no texts here (photo-messages.ts loads with the photo part).

/** A photo taken for the SEND: already shrunk, with the id the device gave it. */
export type TakenPhoto = { id: string; blob: Blob };

/** The photo and note the form sends with its readings; `followUp`: `Kræver opfølgning` is ticked. */
export type PhotoNote = { photo: TakenPhoto | null; note: string; followUp?: boolean };

/** Only readers (role 0) must add a photo where the account requires one (`Foto påkrævet`). */
export function isPhotoRequired(role: number, accountRequiresPhoto: boolean): boolean {
  return accountRequiresPhoto && role === METER_READER_ROLE;
}

/** Why SEND cannot go yet for the photo or the note. */
export type PhotoNoteProblem = 'noteTooLong' | 'photoRequired';

/** Why SEND cannot go yet for the photo or the note; null when it can. */
export function photoNoteProblem(state: PhotoNote, photoRequired: boolean): PhotoNoteProblem | null {
  if (state.note.length > MAX_READING_NOTE_LENGTH) return 'noteTooLong';
  if (photoRequired && !state.photo) return 'photoRequired';
  return null;
}

/** The SEND's `photoId`, `note` and `followUp`: a note of only blanks is no note, and marks nothing. */
export function wireEvidence(state: PhotoNote): { photoId?: string; note?: string; followUp?: boolean } {
  const note = state.note.trim();
  return {
    ...(state.photo ? { photoId: state.photo.id } : {}),
    ...(note ? { note } : {}),
    ...(note && state.followUp ? { followUp: true } : {}),
  };
}
