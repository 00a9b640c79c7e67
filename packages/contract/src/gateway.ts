import { z } from 'zod/mini';
import { DEVICE_TYPES, NO_READING_DATE } from './constants.ts';
import { PositiveId } from './ids.ts';
import { MESSAGES } from './messages.ts';

export const DeviceType = z.enum(DEVICE_TYPES, { error: MESSAGES.deviceTypeInvalid });
export type DeviceType = z.infer<typeof DeviceType>;

/**
 * The range of the next reading today that the plausibility check accepts without a consumption
 * warning (`expectedRange`); numbers, as they are computed, not typed.
 */
export const ExpectedRange = z.object({ min: z.number(), max: z.number() });
export type ExpectedRange = z.infer<typeof ExpectedRange>;

/** A measurement point with its latest reading (the one with the latest date). */
export const DeviceItem = z.object({
  DeviceItemId: PositiveId,
  Name: z.string(),
  Unit: z.string(),
  /** Comma form, e.g. "1234,5"; null when the point has no reading. */
  LastValue: z.nullable(z.string()),
  /** `YYYY-MM-DD`, or "-" when the point has no reading. */
  LastDateValue: z.union([z.literal(NO_READING_DATE), z.iso.date()]),
  /** `DD-MM-YYYY`, or "-" when the point has no reading. */
  LastDateValueFormatted: z.string(),
  /** Null when the history gives no scale (fewer than two readings, or a point that never moved). */
  Expected: z.nullable(ExpectedRange),
  /** Ours (ADR 021): true when `LastValue` is an estimate (`Estimeret`); absent otherwise. */
  LastEstimated: z.optional(z.boolean()),
  /** Integer digits of the register (ADR 020); null when not declared. */
  RegisterDigits: z.nullable(z.int()),
  /** Declared as never resetting: a value below the one before is refused (ADR 020). */
  CountsUpOnly: z.boolean(),
});
export type DeviceItem = z.infer<typeof DeviceItem>;

export const DeviceItemList = z.array(DeviceItem);
export type DeviceItemList = z.infer<typeof DeviceItemList>;

/** Ours (issue 37, ADR 047): `Adgang` and `Placering` of a location or meter, each absent when not known. */
export const FieldNotes = z.object({ Access: z.optional(z.string()), Placement: z.optional(z.string()) });
export type FieldNotes = z.infer<typeof FieldNotes>;

/** A meter. `Manual` is true when it is read by hand. */
export const Device = z.object({
  DeviceId: PositiveId,
  Name: z.string(),
  Type: DeviceType,
  Manual: z.boolean(),
  /** `YYYY-MM-DD` the meter was put in place (ADR 020); null when not known. */
  InstalledOn: z.nullable(z.iso.date()),
  /** Ours: the serial number on the meter's label, which readers check against; null when it has none. */
  Serial: z.nullable(z.string()),
  ...FieldNotes.shape,
  /** Ours (issue 37): true while the meter has an open `Måler defekt` task; absent otherwise. */
  OpenDefect: z.optional(z.boolean()),
  DeviceItemList: DeviceItemList,
});
export type Device = z.infer<typeof Device>;

export const DeviceList = z.array(Device);
export type DeviceList = z.infer<typeof DeviceList>;

/** A location with its meters. */
export const Gateway = z.object({
  GatewayId: PositiveId,
  Name: z.string(),
  /** Ours (issue 37): the location's address for `Vis på kort`; absent when it has none. */
  Address: z.optional(z.string()),
  ...FieldNotes.shape,
  DeviceList: DeviceList,
});
export type Gateway = z.infer<typeof Gateway>;

/** GET /api/gateway/loadlistsimple/{accountId}: everything the home screen needs. */
export const GatewayTree = z.array(Gateway);
export type GatewayTree = z.infer<typeof GatewayTree>;
