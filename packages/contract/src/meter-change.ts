import { z } from 'zod/mini';
import { MAX_READING_FIELD_LENGTH, MAX_READINGS_PER_BATCH, MIN_READING_DATE } from './constants.ts';
import { toDanishDate } from './dates.ts';
import { PositiveId, positiveId } from './ids.ts';
import { MESSAGES, READING_VALUE_RULE } from './messages.ts';
import { SerialNumber } from './meter-lookup.ts';
import { AccountIdParams, IntIdParam } from './params.ts';

/** Path of POST /api/gateway/meterchange/{deviceId}/{accountId}: the meter that is replaced. */
export const MeterChangeParams = z.object({
  deviceId: IntIdParam,
  accountId: AccountIdParams.shape.accountId,
});
export type MeterChangeParams = z.infer<typeof MeterChangeParams>;

/** One measurement point of the old meter: its final reading and the new meter's start reading. */
export const MeterChangePoint = z.object({
  deviceItemId: positiveId(MESSAGES.deviceItemInvalid),
  /** Comma or dot decimal, like a reading's value; checked with the business rules (406). */
  finalValue: z
    .string({ error: MESSAGES.readingValueRequired })
    .check(z.maxLength(MAX_READING_FIELD_LENGTH, { error: MESSAGES.readingValueInvalid })),
  startValue: z
    .string({ error: MESSAGES.readingValueRequired })
    .check(z.maxLength(MAX_READING_FIELD_LENGTH, { error: MESSAGES.readingValueInvalid })),
});
export type MeterChangePoint = z.infer<typeof MeterChangePoint>;

/**
 * Body of the meter change (`Målerskift`, ADR 019): on `dateRecord` (`MM/DD/YYYY`, 406 when no real date
 * from the old meter's last reading up to today) the old meter is retired and a new one with
 * `serialNumber` takes its place; `points` names each of the old meter's points once.
 */
export const MeterChangeRequest = z.object({
  dateRecord: z
    .string({ error: MESSAGES.dateRequired })
    .check(z.maxLength(MAX_READING_FIELD_LENGTH, { error: MESSAGES.dateInvalid })),
  serialNumber: SerialNumber,
  points: z
    .array(MeterChangePoint, { error: MESSAGES.readingsEmpty })
    .check(
      z.minLength(1, { error: MESSAGES.readingsEmpty }),
      z.maxLength(MAX_READINGS_PER_BATCH, { error: MESSAGES.readingsTooMany }),
    ),
});
export type MeterChangeRequest = z.infer<typeof MeterChangeRequest>;

export const MeterChangeResponse = z.object({
  Success: z.literal(true),
  Message: z.string(),
  /** The new meter, in the old one's place in the route. */
  DeviceId: PositiveId,
  GatewayId: PositiveId,
  /** Each old point with the new meter's point that continues it. */
  Points: z.array(z.object({ OldDeviceItemId: PositiveId, DeviceItemId: PositiveId })),
});
export type MeterChangeResponse = z.infer<typeof MeterChangeResponse>;

/** The 406 texts of a meter change (`Målerskift`, ADR 019); here, not in messages.ts, so no screen's first load carries them. */
export const METER_CHANGE_ERRORS = {
  meterRetired: 'Måleren er allerede skiftet ud',
  dateInvalid: 'Dato for målerskiftet er ugyldig (forventet MM/DD/ÅÅÅÅ)',
  dateTooEarly: `Dato for målerskiftet må ikke være før ${toDanishDate(MIN_READING_DATE)}`,
  dateInFuture: 'Dato for målerskiftet må ikke være efter dags dato',
  dateBeforeLastReading: (lastDate: string): string =>
    `Dato for målerskiftet må ikke være før målerens seneste aflæsning ${toDanishDate(lastDate)}`,
  serialTaken: (serial: string): string => `Serienummeret ${serial} findes allerede på kontoen`,
  pointsMismatch: 'Angiv slutaflæsning og startaflæsning for hvert af målerens målepunkter, én gang hver',
  finalValueInvalid: (pointName: string): string =>
    `Slutaflæsning for målepunktet "${pointName}" skal være ${READING_VALUE_RULE}`,
  startValueInvalid: (pointName: string): string =>
    `Startaflæsning for målepunktet "${pointName}" skal være ${READING_VALUE_RULE}`,
  finalBelowLast: (pointName: string, lastValue: string): string =>
    `Slutaflæsning for målepunktet "${pointName}" må ikke være mindre end den seneste aflæsning ${lastValue}`,
} as const;
