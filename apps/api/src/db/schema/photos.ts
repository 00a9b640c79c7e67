import type { NullUntilSet } from './column-types.ts';

/** One uploaded photo (issue 36, ADR 045): re-encoded JPEG, no metadata of the original. */
export interface PhotosTable {
  /** The device's UUID for the photo, lower case. */
  id: string;
  customer_id: string;
  account_id: string;
  uploaded_by: string;
  uploaded_at: string;
  /** The JPEG in the database store; null when PHOTO_STORE names an object store. */
  bytes: NullUntilSet<Buffer>;
  width: number;
  height: number;
  /** Bytes of the stored JPEG. */
  size: number;
}

/** A reading's photo and `Bemærkning`: one row per reading that has either. */
export interface ReadingEvidenceTable {
  reading_id: number;
  photo_id: string | null;
  note: string | null;
  set_at: string;
  set_by: string;
  /** The task the reading's note marked `Kræver opfølgning` went to (issue 37). */
  task_id: number | null;
}
