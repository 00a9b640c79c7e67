import { z } from 'zod/mini';
import { MAX_READING_FIELD_LENGTH, MAX_READINGS_PER_BATCH } from './constants.ts';
import { isIsoDate } from './dates.ts';
import { DeviceItem } from './gateway.ts';
import { PositiveId, positiveId, positiveIdList } from './ids.ts';
import { MESSAGES } from './messages.ts';
import { PeriodRange, ReadingPeriod } from './reading-periods.ts';
import { ReadingReason } from './readings.ts';
import { SkipReason } from './skip-reading.ts';

// Administration calls (issue 18, ADR 016): for role 1 only, on one account of their customers.

/** Any day of the wanted period, `YYYY-MM-DD`; the current period when left out. */
export const PeriodDay = z.optional(
  z
    .string({ error: MESSAGES.periodDateInvalid })
    .check(z.refine(isIsoDate, { error: MESSAGES.periodDateInvalid })),
);

/** Query of GET /api/admin/periodstatus/{accountId}. */
export const PeriodQuery = z.object({ date: PeriodDay });
export type PeriodQuery = z.infer<typeof PeriodQuery>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ExportFormat = z.enum(EXPORT_FORMATS, { error: MESSAGES.exportFormatInvalid });
export type ExportFormat = z.infer<typeof ExportFormat>;

/** Query of GET /api/admin/export/{accountId}; CSV unless `format=xlsx`. */
export const ExportQuery = z.object({ date: PeriodDay, format: z._default(ExportFormat, 'csv') });
export type ExportQuery = z.infer<typeof ExportQuery>;

/** A reading period with its Danish name (`november 2026`, `4. kvartal 2026`, `2026`). */
export const LabelledPeriod = z.extend(PeriodRange, { label: z.string() });
export type LabelledPeriod = z.infer<typeof LabelledPeriod>;

/**
 * How many measurement points have each status (`Aflæst`, `Mangler`, `Sprunget over`, and `Estimeret`:
 * not read, but estimated in the period, ADR 021).
 */
export const StatusCounts = z.object({
  Read: z.int().check(z.nonnegative()),
  Missing: z.int().check(z.nonnegative()),
  Skipped: z.int().check(z.nonnegative()),
  Estimated: z.int().check(z.nonnegative()),
  Total: z.int().check(z.nonnegative()),
});
export type StatusCounts = z.infer<typeof StatusCounts>;

export const SkipReasonCount = z.object({ Reason: SkipReason, Count: z.int().check(z.positive()) });
export type SkipReasonCount = z.infer<typeof SkipReasonCount>;

/** One location's counts, for its bar. */
export const GatewayStatusCounts = z.object({
  GatewayId: PositiveId,
  Name: z.string(),
  Counts: StatusCounts,
});
export type GatewayStatusCounts = z.infer<typeof GatewayStatusCounts>;

/** A point still `Mangler` (not estimated either), with where it is and its latest reading up to the period's end. */
export const MissingPoint = z.extend(
  z.omit(DeviceItem, { Expected: true, RegisterDigits: true, CountsUpOnly: true }),
  {
    GatewayId: PositiveId,
    GatewayName: z.string(),
    DeviceId: PositiveId,
    DeviceName: z.string(),
    Serial: z.nullable(z.string()),
    /**
     * Ours (issue 37): present when the point was estimated in as many periods in a row as the account
     * allows, so it must be read by staff (`Skal aflæses af personale`) and cannot be estimated again.
     */
    StaffReadingNeeded: z.optional(z.literal(true)),
  },
);
export type MissingPoint = z.infer<typeof MissingPoint>;

/** How many readings of a period were taken for a reason (issue 37, ADR 049). */
export const ReadingReasonCount = z.object({ Reason: ReadingReason, Count: z.int().check(z.positive()) });
export type ReadingReasonCount = z.infer<typeof ReadingReasonCount>;

/** A reading of the period taken for another reason than `Periodisk`, with where it was taken. */
export const ReasonedReading = z.object({
  GatewayName: z.string(),
  DeviceId: PositiveId,
  DeviceName: z.string(),
  Serial: z.nullable(z.string()),
  DeviceItemId: PositiveId,
  Name: z.string(),
  /** `YYYY-MM-DD`. */
  DateRecord: z.iso.date(),
  Reason: ReadingReason,
});
export type ReasonedReading = z.infer<typeof ReasonedReading>;

/**
 * GET /api/admin/periodstatus/{accountId}: the period, the periods to choose between (newest first),
 * counts in total, per skip reason and per location (route order), and the missing points.
 */
export const PeriodStatus = z.object({
  /** The account's setting `readingPeriod`, which the periods follow. */
  readingPeriod: ReadingPeriod,
  /** Ours (issue 37): the account's setting `estimatesInARow`, 2 when unset. */
  estimatesInARow: z.int(),
  /**
   * Ours (issue 38, ADR 050): the account's setting `controlTolerancePercent`, null when unset (then
   * `CONTROL_TOLERANCE_PERCENT` applies); absent from a server that predates it.
   */
  controlTolerancePercent: z.optional(z.nullable(z.number())),
  /** Ours (issue 36): the account setting `Foto påkrævet`; absent from a server without photos. */
  photoRequired: z.optional(z.boolean()),
  period: LabelledPeriod,
  periods: z.array(LabelledPeriod),
  totals: StatusCounts,
  skipReasons: z.array(SkipReasonCount),
  /**
   * Ours (issue 37, ADR 049): the reasons of the period's readings, one per point read, and of its
   * `Kontrol` readings (kept beside them), counted; absent from a server that predates it.
   */
  readingReasons: z.optional(z.array(ReadingReasonCount)),
  /** Ours (ADR 049): those readings that are not `Periodisk`, in route order; absent as above. */
  reasonedReadings: z.optional(z.array(ReasonedReading)),
  gateways: z.array(GatewayStatusCounts),
  missing: z.array(MissingPoint),
});
export type PeriodStatus = z.infer<typeof PeriodStatus>;

export const PLAUSIBILITY_WARNING_KINDS = [
  'backwards',
  'date-before-last',
  'consumption-high',
  'consumption-low',
] as const;

/**
 * A plausibility warning (the contract's `PlausibilityIssue`) on the wire: `ComparedValue` (comma
 * form) and `ComparedDate` name the reading compared with; the rates are per day, for consumption.
 */
export const PlausibilityWarning = z.object({
  Kind: z.enum(PLAUSIBILITY_WARNING_KINDS),
  ComparedValue: z.nullable(z.string()),
  ComparedDate: z.nullable(z.iso.date()),
  PerDay: z.nullable(z.number()),
  Low: z.nullable(z.number()),
  High: z.nullable(z.number()),
});
export type PlausibilityWarning = z.infer<typeof PlausibilityWarning>;

/** A reading sent with `Send alligevel` that no administrator has marked `Godkendt` yet. */
export const ReviewReading = z.object({
  ReadingId: PositiveId,
  GatewayId: PositiveId,
  GatewayName: z.string(),
  DeviceId: PositiveId,
  DeviceName: z.string(),
  DeviceItemId: PositiveId,
  Name: z.string(),
  Unit: z.string(),
  /** Comma form. */
  Value: z.string(),
  DateRecord: z.iso.date(),
  DateRecordFormatted: z.string(),
  RegisteredAt: z.iso.datetime(),
  RegisteredBy: z.string(),
  /** Recomputed from the point's readings dated before this one; may be empty (ADR 016). */
  Warnings: z.array(PlausibilityWarning),
  /** Ours (issue 36): the reading's photo (GET /api/photos/{accountId}/{PhotoId}) and note; absent without. */
  PhotoId: z.optional(z.uuid()),
  Note: z.optional(z.string()),
});
export type ReviewReading = z.infer<typeof ReviewReading>;

/** GET /api/admin/review/{accountId}: oldest date first. */
export const ReviewList = z.array(ReviewReading);
export type ReviewList = z.infer<typeof ReviewList>;

/** Body of POST /api/admin/review/approve/{accountId}. */
export const ApproveRequest = z.object({
  readingIds: positiveIdList(MESSAGES.readingIdsInvalid, MAX_READINGS_PER_BATCH),
});
export type ApproveRequest = z.infer<typeof ApproveRequest>;

export const ApproveResponse = z.object({
  Success: z.literal(true),
  Message: z.string(),
  /** Readings marked `Godkendt` by this call; those approved before count as 0. */
  Count: z.int().check(z.nonnegative()),
});
export type ApproveResponse = z.infer<typeof ApproveResponse>;

/**
 * Body of POST /api/admin/review/correct/{accountId}: the administrator's value (comma or dot) for a
 * reading to review. Stored like any reading (same rules, audited) and marked `Godkendt`.
 */
export const CorrectRequest = z.object({
  readingId: positiveId(MESSAGES.readingIdInvalid),
  value: z
    .string({ error: MESSAGES.readingValueRequired })
    .check(z.maxLength(MAX_READING_FIELD_LENGTH, { error: MESSAGES.readingValueInvalid })),
});
export type CorrectRequest = z.infer<typeof CorrectRequest>;

/**
 * Ours (issue 38, ADR 050): a `Kontrol` reading on a remote meter that deviates from the remote value
 * of its day by more than the tolerance, not yet approved; shown on `Til kontrol` beside the readings.
 * A control is never billed, so it is approved, never corrected.
 */
export const ControlReviewEntry = z.object({
  ControlReadingId: PositiveId,
  /** `Afvigelse mellem kontrol og fjernaflæsning`. */
  Reason: z.string(),
  GatewayId: PositiveId,
  GatewayName: z.string(),
  DeviceId: PositiveId,
  DeviceName: z.string(),
  DeviceItemId: PositiveId,
  Name: z.string(),
  Unit: z.string(),
  /** The control's value, comma form. */
  Value: z.string(),
  /** The remote value of the day it was compared with (interpolated between the nearest two), comma form. */
  RemoteValue: z.string(),
  /** Value − RemoteValue, comma form, `-` when below. */
  Difference: z.string(),
  DateRecord: z.iso.date(),
  DateRecordFormatted: z.string(),
  RegisteredAt: z.iso.datetime(),
  RegisteredBy: z.string(),
});
export type ControlReviewEntry = z.infer<typeof ControlReviewEntry>;

/** GET /api/admin/review/controls/{accountId}: oldest date first. */
export const ControlReviewList = z.array(ControlReviewEntry);
export type ControlReviewList = z.infer<typeof ControlReviewList>;

/** Body of POST /api/admin/review/controls/approve/{accountId}. */
export const ApproveControlsRequest = z.object({
  controlReadingIds: positiveIdList(MESSAGES.controlReadingIdsInvalid, MAX_READINGS_PER_BATCH),
});
export type ApproveControlsRequest = z.infer<typeof ApproveControlsRequest>;
