import { z } from 'zod/mini';
import { Device, DeviceItem, FieldNotes, Gateway } from './gateway.ts';
import { PeriodRange } from './reading-periods.ts';
import { SkipReason } from './skip-reading.ts';

/** `Aflæst`: read within the period; `Sprunget over`: skipped in the period and not read; else `Mangler`. */
export const POINT_STATUSES = ['Mangler', 'Aflæst', 'Sprunget over'] as const;
export const PointStatus = z.enum(POINT_STATUSES);
export type PointStatus = z.infer<typeof PointStatus>;

/** A measurement point of the route: the tree's point with its status in the current period. */
export const StatusPoint = z.extend(DeviceItem, {
  Status: PointStatus,
  /** The reason of the meter's latest skip in the period while the point is `Sprunget over`, else null. */
  SkipReason: z.nullable(SkipReason),
  SkipNote: z.nullable(z.string()),
});
export type StatusPoint = z.infer<typeof StatusPoint>;

/** A route meter's assignment seen by the caller (ADR 048): to them (`Mine`) or to another reader. */
export const ROUTE_ASSIGNMENTS = ['mine', 'other'] as const;
export const RouteAssignment = z.enum(ROUTE_ASSIGNMENTS);
export type RouteAssignment = z.infer<typeof RouteAssignment>;

/** A meter read by hand, with its serial number (null when it has none). */
export const StatusDevice = z.object({
  DeviceId: DeviceItem.shape.DeviceItemId,
  Name: z.string(),
  Serial: z.nullable(z.string()),
  ...FieldNotes.shape,
  OpenDefect: Device.shape.OpenDefect,
  /** Ours (issue 37, ADR 048): to whom the meter is assigned this period, seen from the caller; absent when to nobody. */
  Assigned: z.optional(RouteAssignment),
  DeviceItemList: z.array(StatusPoint),
});
export type StatusDevice = z.infer<typeof StatusDevice>;

export const StatusGateway = z.extend(Gateway, { DeviceList: z.array(StatusDevice) });
export type StatusGateway = z.infer<typeof StatusGateway>;

/**
 * GET /api/gateway/readingstatus/{accountId}: the current reading period and the route, that is the
 * locations and their meters read by hand in route order (sequence, then name).
 */
export const ReadingStatus = z.object({
  period: PeriodRange,
  gateways: z.array(StatusGateway),
  /** Ours (issue 36): the account setting `Foto påkrævet`; absent from a server without photos. */
  photoRequired: z.optional(z.boolean()),
});
export type ReadingStatus = z.infer<typeof ReadingStatus>;
