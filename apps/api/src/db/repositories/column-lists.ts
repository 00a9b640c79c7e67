import type { ReadingReason, ReadingSource } from '@maaler/contract';

/**
 * Where a measurement point sits, for queries that join location `g`, meter `d` and point `i`: the
 * columns the tree, the route and the period's readings all carry.
 */
export const pointPlaceColumns = [
  'g.id as gatewayId',
  'g.name as gatewayName',
  'g.sequence as gatewaySequence',
  'd.id as deviceId',
  'd.name as deviceName',
  'd.sequence as deviceSequence',
  'd.serial_number as serial',
  'i.id as itemId',
  'i.name as itemName',
  'i.unit as unit',
  'i.register_digits as registerDigits',
] as const;

/** A row's columns from `pointPlaceColumns`. */
export type PointPlaceRow = {
  gatewayId: number;
  gatewayName: string;
  gatewaySequence: number | null;
  deviceId: number;
  deviceName: string;
  deviceSequence: number | null;
  /** '' when the meter has none. */
  serial: string;
  itemId: number;
  itemName: string;
  unit: string;
  /** Declared integer digits of the point's register (ADR 020); a rollover counts by them (ADR 046). */
  registerDigits: number | null;
};

/** A meter's own columns (alias `d`), as the meter change and the meter administration read it. */
export const meterColumns = [
  'd.id as id',
  'd.gateway_id as gatewayId',
  'd.name as name',
  'd.type as type',
  'd.manual as manual',
  'd.serial_number as serial',
  'd.sequence as sequence',
  'd.retired_at as retiredAt',
  'd.installed_on as installedOn',
] as const;

/**
 * What a stored reading (`r`, with its evidence left-joined as `e`) tells beyond its value and date:
 * whether it was sent anyway, where it came from, why, and its photo and note. The history and the
 * period's readings both show it.
 */
export const readingDetailColumns = [
  'r.plausibility_override as plausibilityOverride',
  'r.source as source',
  'r.entered_at as enteredAt',
  'e.photo_id as photoId',
  'e.note as note',
  'r.reason as reason',
] as const;

/** A row's columns from `readingDetailColumns`. */
export type ReadingDetailRow = {
  plausibilityOverride: number;
  source: ReadingSource;
  enteredAt: string | null;
  /** The reading's photo and note (reading_evidence); null without. */
  photoId: string | null;
  note: string | null;
  reason: ReadingReason;
};

/**
 * What a self-reading letter, invitation or link page names of a meter (ADR 043), for queries that
 * join meter `d`, location `g` and customer `c`.
 */
export const meterOnLetterColumns = [
  'c.name as customerName',
  'g.name as locationName',
  'g.address as locationAddress',
  'd.name as meterName',
  'd.serial_number as serialNumber',
  'd.retired_at as retiredAt',
] as const;

/** A row's columns from `meterOnLetterColumns`. */
export type MeterOnLetterRow = {
  customerName: string;
  locationName: string;
  locationAddress: string;
  meterName: string;
  serialNumber: string;
  retiredAt: string | null;
};
