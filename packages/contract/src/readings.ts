import { z } from 'zod/mini';
import {
  type CLIENT_READING_REASONS,
  MAX_READING_FIELD_LENGTH,
  MAX_READING_NOTE_LENGTH,
  MAX_READINGS_PER_BATCH,
  READING_REASONS,
  READING_SOURCES,
} from './constants.ts';
import { isIsoDate } from './dates.ts';
import { PositiveId, positiveId } from './ids.ts';
import { HISTORY_ERRORS, MESSAGES } from './messages.ts';

/**
 * One reading. Only the shape is checked here (400); whether `dateRecord` is a real `MM/DD/YYYY`
 * date in range and `value` a number is business validation answered with 406, naming the point.
 */
export const ReadingPayload = z.object({
  gatewayId: positiveId(MESSAGES.gatewayInvalid),
  deviceId: positiveId(MESSAGES.deviceInvalid),
  dateRecord: z
    .string({ error: MESSAGES.dateRequired })
    .check(z.maxLength(MAX_READING_FIELD_LENGTH, { error: MESSAGES.dateInvalid })),
  deviceItemId: positiveId(MESSAGES.deviceItemInvalid),
  value: z
    .string({ error: MESSAGES.readingValueRequired })
    .check(z.maxLength(MAX_READING_FIELD_LENGTH, { error: MESSAGES.readingValueInvalid })),
  /** Set when the user confirmed a value that looked implausible. */
  plausibilityOverride: z.optional(z.boolean({ error: MESSAGES.plausibilityOverrideInvalid })),
  /**
   * Ours: `web` when absent, or `offline` for a reading entered without a connection. Checked with the
   * business rules (406), so that a claim of a server-only source names the point like every other.
   */
  source: z.optional(
    z
      .string({ error: MESSAGES.readingSourceInvalid })
      .check(z.maxLength(MAX_READING_FIELD_LENGTH, { error: MESSAGES.readingSourceInvalid })),
  ),
  /**
   * Ours (issue 37): why the reading was taken, `periodic` when absent; `control`, `move-out` or
   * `move-in` otherwise. Checked with the business rules (406) like `source`.
   */
  reason: z.optional(
    z
      .string({ error: MESSAGES.readingReasonInvalid })
      .check(z.maxLength(MAX_READING_FIELD_LENGTH, { error: MESSAGES.readingReasonInvalid })),
  ),
  /** Ours: ISO 8601 time of entry on the device; required with `offline`, refused otherwise (406). */
  enteredAt: z.optional(
    z
      .string({ error: MESSAGES.enteredAtInvalid })
      .check(z.maxLength(MAX_READING_FIELD_LENGTH, { error: MESSAGES.enteredAtInvalid })),
  ),
  /**
   * Ours (issue 36): a photo uploaded before with PUT /api/photos/{accountId}/{photoId}, by the same
   * user to the same account; the id is the device's own UUID, so a repeated upload changes nothing.
   */
  photoId: z.optional(z.uuid({ error: MESSAGES.photoIdInvalid })),
  /** Ours (issue 36): the reader's `Bemærkning`. */
  note: z.optional(
    z
      .string({ error: MESSAGES.readingNoteInvalid })
      .check(z.maxLength(MAX_READING_NOTE_LENGTH, { error: MESSAGES.readingNoteInvalid })),
  ),
  /**
   * Ours (issue 37): the note is marked `Kræver opfølgning`, so the office gets a task for the meter,
   * once per reading however often the reading is sent. Without a note it means nothing.
   */
  followUp: z.optional(z.boolean()),
});
export type ReadingPayload = z.infer<typeof ReadingPayload>;

/** Body of POST /api/gateway/manualregisterdeviceitemdata/{accountId}; stored all or nothing. */
export const ReadingBatch = z
  .array(ReadingPayload, { error: MESSAGES.readingsEmpty })
  .check(
    z.minLength(1, { error: MESSAGES.readingsEmpty }),
    z.maxLength(MAX_READINGS_PER_BATCH, { error: MESSAGES.readingsTooMany }),
  );
export type ReadingBatch = z.infer<typeof ReadingBatch>;

export const RegisterReadingsResponse = z.object({
  Success: z.literal(true),
  Message: z.string(),
  /** Readings stored; a repeated identical reading counts too, but changes nothing. */
  Count: z.int().check(z.nonnegative()),
});
export type RegisterReadingsResponse = z.infer<typeof RegisterReadingsResponse>;

/**
 * Body of POST /api/gateway/loaddeviceitemhistorylist/{accountId}. The answer holds the meter's newest
 * `HISTORY_PAGE_DATES` reading dates (ADR 053); ours: `before` (`YYYY-MM-DD`) asks for the newest
 * dates before that day instead, the next page when it is the oldest date of the page before.
 */
export const HistoryRequest = z.object({
  gatewayId: positiveId(MESSAGES.gatewayInvalid),
  deviceId: positiveId(MESSAGES.deviceInvalid),
  before: z.optional(
    z
      .string({ error: HISTORY_ERRORS.beforeInvalid })
      .check(z.refine(isIsoDate, { error: HISTORY_ERRORS.beforeInvalid })),
  ),
});
export type HistoryRequest = z.infer<typeof HistoryRequest>;

export const ReadingSource = z.enum(READING_SOURCES);
export type ReadingSource = z.infer<typeof ReadingSource>;

export const ReadingReason = z.enum(READING_REASONS);
export type ReadingReason = z.infer<typeof ReadingReason>;
/** A reason a client may send (`meter-change` is the server's own). */
export type ClientReadingReason = (typeof CLIENT_READING_REASONS)[number];

/** An earlier value of a reading that was replaced (same point and date). */
export const HistoryCorrection = z.object({
  /** Null when the reading did not exist before. */
  OldValue: z.nullable(z.string()),
  NewValue: z.string(),
  /** ISO 8601 in UTC. */
  ChangedAt: z.iso.datetime(),
  ChangedBy: z.string(),
});
export type HistoryCorrection = z.infer<typeof HistoryCorrection>;

/** A `Kontrol` reading kept beside the point's readings (ADR 049), compared with the one it is shown on. */
export const HistoryControl = z.object({
  /** `YYYY-MM-DD`. */
  DateRecord: z.iso.date(),
  /** Comma form. */
  Value: z.string(),
  /** The control's value minus the reading's, comma form (`-0,5`). */
  Difference: z.string(),
  /** ISO 8601 in UTC. */
  RegisteredAt: z.iso.datetime(),
  RegisteredBy: z.string(),
});
export type HistoryControl = z.infer<typeof HistoryControl>;

export const HistoryEntry = z.object({
  DeviceItemId: PositiveId,
  Name: z.string(),
  /** `YYYY-MM-DD`. */
  DateRecord: z.iso.date(),
  /** `DD-MM-YYYY`. */
  DateRecordFormatted: z.string(),
  /** Comma form. */
  Value: z.string(),
  /** ISO 8601 in UTC. */
  RegisteredAt: z.iso.datetime(),
  RegisteredBy: z.string(),
  PlausibilityOverride: z.boolean(),
  Corrections: z.array(HistoryCorrection),
  Source: ReadingSource,
  /** ISO 8601 in UTC: when an `offline` reading was entered on the device; null for the others. */
  EnteredAt: z.nullable(z.iso.datetime()),
  /**
   * Ours (ADR 019): on the row of a meter change, which carries the new meter's start reading as its
   * `Value`, the old meter's serial number and final reading. Absent on every other row.
   */
  /** Ours (issue 37): why the reading was taken; absent from a server that predates it. */
  Reason: z.optional(ReadingReason),
  /**
   * Ours (ADR 046): the register's declared digits on a reading after which the register went round
   * since the reading before (`Omløb`); consumption counts its range once more. Absent otherwise.
   */
  Rollover: z.optional(z.int().check(z.positive())),
  MeterChange: z.optional(
    z.object({ OldSerialNumber: z.string(), NewSerialNumber: z.string(), FinalValue: z.string() }),
  ),
  /** Ours (issue 36): the reading's photo, fetched with GET /api/photos/{accountId}/{PhotoId}; absent without. */
  PhotoId: z.optional(z.uuid()),
  /** Ours (issue 36): the reading's `Bemærkning`; absent without. */
  Note: z.optional(z.string()),
  /**
   * Ours (ADR 049): the `Kontrol` readings of the point compared with this reading (the point's reading
   * nearest in date to each), each with its difference to this reading's value; absent without.
   */
  Controls: z.optional(z.array(HistoryControl)),
  /**
   * Ours (ADR 053): on a point's oldest reading in the answer, when the point has readings older than
   * the answer holds: its earliest reading, which the plausibility rule's average per day starts from.
   * `Value` (comma form) counts on across the meter changes between it and this reading, so the
   * difference to this reading is the consumption of the whole history. Absent otherwise.
   */
  Earliest: z.optional(z.object({ DateRecord: z.iso.date(), Value: z.string() })),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** Newest date first. */
export const HistoryList = z.array(HistoryEntry);
export type HistoryList = z.infer<typeof HistoryList>;
