import { z } from 'zod/mini';
import { PeriodDay } from './administration.ts';
import { PositiveId } from './ids.ts';
import { PeriodRange } from './reading-periods.ts';

// Issue 37 (ADR 048): parts of the route assigned to meter readers per reading period (`Tildel aflæser`).

export const ASSIGNMENT_ERRORS = {
  readerInvalid: 'Vælg en aflæser med adgang til kontoen',
  assignedToAnother: 'Måleren er tildelt en anden aflæser i perioden',
} as const;

/**
 * POST /api/admin/routeassignments/{accountId}: gives a location (or, with DeviceId, one of its meters)
 * to a meter reader for the period holding `date` (the current one when left out), or to nobody (null).
 */
export const AssignReaderRequest = z.object({
  date: PeriodDay,
  GatewayId: PositiveId,
  DeviceId: z.optional(PositiveId),
  ReaderId: z.nullable(z.uuid({ error: ASSIGNMENT_ERRORS.readerInvalid })),
});
export type AssignReaderRequest = z.input<typeof AssignReaderRequest>;

/** How many meters changed hands, and how many stayed because they are no longer `Mangler`. */
export const AssignReaderResponse = z.object({
  Success: z.boolean(),
  Message: z.string(),
  Moved: z.int().check(z.nonnegative()),
  Kept: z.int().check(z.nonnegative()),
});
export type AssignReaderResponse = z.infer<typeof AssignReaderResponse>;

const Count = z.int().check(z.nonnegative());

/** One reader's part of the period: measurement points assigned, read, skipped and still missing. */
export const ReaderProgress = z.object({
  ReaderId: z.string(),
  Name: z.string(),
  Assigned: Count,
  Read: Count,
  Skipped: Count,
  Missing: Count,
});
export type ReaderProgress = z.infer<typeof ReaderProgress>;

export const AssignedMeter = z.object({
  DeviceId: PositiveId,
  Name: z.string(),
  ReaderId: z.nullable(z.string()),
  /** Every point still `Mangler`: only such a meter moves when its location is given to another reader. */
  StillMissing: z.boolean(),
});
export type AssignedMeter = z.infer<typeof AssignedMeter>;

/**
 * GET /api/admin/routeassignments/{accountId}?date=: the period, the meter readers who reach the
 * account, each reader's progress, and the route's locations and meters with whom each is assigned to.
 */
export const RouteAssignments = z.object({
  period: PeriodRange,
  Readers: z.array(z.object({ Id: z.string(), Name: z.string() })),
  Progress: z.array(ReaderProgress),
  Gateways: z.array(z.object({ GatewayId: PositiveId, Name: z.string(), Meters: z.array(AssignedMeter) })),
});
export type RouteAssignments = z.infer<typeof RouteAssignments>;
