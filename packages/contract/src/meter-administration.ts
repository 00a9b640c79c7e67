import { z } from 'zod';
import { MAX_UNIT_LENGTH, MIN_READING_DATE } from './constants.ts';
import { isIsoDate, toDanishDate } from './dates.ts';
import { CONTROL_CHARACTERS_REFUSED, hasNoControlCharacters, NameField } from './fields.ts';
import { DeviceType } from './gateway.ts';
import { PositiveId } from './ids.ts';
import { MESSAGES } from './messages.ts';
import { SerialNumber } from './meter-lookup.ts';
import { AccountIdParams, IntIdParam } from './params.ts';
import { MAX_REGISTER_DIGITS, MIN_REGISTER_DIGITS } from './register-rules.ts';

// Meter administration (issue 18, ADR 016 "Målere"): an account's locations, meters and measurement
// points, for administrators (role 1) only.

/** Locations per page of GET /api/admin/meters/{accountId}; a page holds all their meters. */
export const METER_ADMIN_PAGE_SIZE = 20;
export const MAX_SEARCH_LENGTH = 100;
const MAX_ADDRESS_LENGTH = 200;

/** Danish refusals of the meter administration (400 and 409 `ErrorResponse`). */
export const METER_ADMIN_ERRORS = {
  unitRequired: 'Enhed skal udfyldes',
  unitTooLong: `Enheden må højst være på ${MAX_UNIT_LENGTH} tegn`,
  addressTooLong: `Adressen må højst være på ${MAX_ADDRESS_LENGTH} tegn`,
  searchTooLong: `Søgningen må højst være på ${MAX_SEARCH_LENGTH} tegn`,
  pageInvalid: 'Ugyldigt sidenummer',
  directionInvalid: 'Retningen skal være up (op) eller down (ned)',
  nothingToChange: 'Angiv mindst én ændring',
  serialTaken: (serial: string, meter: string, location: string): string =>
    `Serienummeret ${serial} bruges allerede af måleren ${meter} på ${location}`,
  meterRetired: 'Måleren er taget ud af drift og kan ikke ændres',
  unitHasReadings:
    'Enheden kan ikke ændres, når målepunktet har aflæsninger: de ville blive læst i den nye enhed',
  registerDigitsInvalid: `Antal cifre på tælleværket skal være et helt tal fra ${MIN_REGISTER_DIGITS} til ${MAX_REGISTER_DIGITS}`,
  countsUpOnlyInvalid: 'Angiv med true eller false, om tælleværket kun tæller op',
  installedOnInvalid: `Opsætningsdatoen skal være en dato fra ${toDanishDate(MIN_READING_DATE)} til i dag (ÅÅÅÅ-MM-DD)`,
  installedAfterFirstReading: (firstReading: string): string =>
    `Opsætningsdatoen kan ikke ligge efter målerens første aflæsning ${toDanishDate(firstReading)}`,
} as const;

/** Integer digits of a point's register (ADR 020); null: unknown. */
export const RegisterDigits = z
  .int({ error: METER_ADMIN_ERRORS.registerDigitsInvalid })
  .min(MIN_REGISTER_DIGITS, { error: METER_ADMIN_ERRORS.registerDigitsInvalid })
  .max(MAX_REGISTER_DIGITS, { error: METER_ADMIN_ERRORS.registerDigitsInvalid })
  .nullable();

/** Declared as never resetting, only counting up (ADR 020). */
export const CountsUpOnly = z.boolean({ error: METER_ADMIN_ERRORS.countsUpOnlyInvalid });

/**
 * `YYYY-MM-DD` a meter was put in place (ADR 020), from the first reading date on; null: unknown. The
 * server also refuses a day after its today, which a schema cannot know.
 */
export const InstalledOn = z
  .string({ error: METER_ADMIN_ERRORS.installedOnInvalid })
  .refine((date) => isIsoDate(date) && date >= MIN_READING_DATE, {
    error: METER_ADMIN_ERRORS.installedOnInvalid,
  })
  .nullable();

/** A measurement point's unit (`kWh`, `m³`), as typed. */
export const Unit = z
  .string({ error: METER_ADMIN_ERRORS.unitRequired })
  .trim()
  .min(1, { error: METER_ADMIN_ERRORS.unitRequired })
  .max(MAX_UNIT_LENGTH, { error: METER_ADMIN_ERRORS.unitTooLong })
  .refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED);

export const AddressField = z
  .string({ error: MESSAGES.textTooLong })
  .trim()
  .max(MAX_ADDRESS_LENGTH, { error: METER_ADMIN_ERRORS.addressTooLong })
  .refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED);

/** Query of GET /api/admin/meters/{accountId}: a search over names, addresses and serial numbers. */
export const MeterAdminQuery = z.object({
  q: z
    .string({ error: METER_ADMIN_ERRORS.searchTooLong })
    .trim()
    .max(MAX_SEARCH_LENGTH, { error: METER_ADMIN_ERRORS.searchTooLong })
    .default(''),
  page: z
    .string({ error: METER_ADMIN_ERRORS.pageInvalid })
    .regex(/^[1-9]\d{0,5}$/, { error: METER_ADMIN_ERRORS.pageInvalid })
    .transform(Number)
    .default(1),
});
export type MeterAdminQuery = z.infer<typeof MeterAdminQuery>;

/** `active`; `replaced` by a meter change (`Udskiftet`); `retired` by an administrator. */
export const METER_STATUSES = ['active', 'replaced', 'retired'] as const;
export const MeterStatus = z.enum(METER_STATUSES);
export type MeterStatus = z.infer<typeof MeterStatus>;

export const AdminPoint = z.object({
  DeviceItemId: PositiveId,
  Name: z.string(),
  Unit: z.string(),
  RegisterDigits: z.int().nullable(),
  CountsUpOnly: z.boolean(),
});
export type AdminPoint = z.infer<typeof AdminPoint>;

export const AdminMeter = z.object({
  DeviceId: PositiveId,
  Name: z.string(),
  Type: DeviceType,
  Manual: z.boolean(),
  /** Empty when the meter has none. */
  Serial: z.string(),
  Status: MeterStatus,
  /** ISO time it left service; null while active. */
  RetiredAt: z.string().nullable(),
  /** `YYYY-MM-DD` it was put in place; null when not known. */
  InstalledOn: z.iso.date().nullable(),
  Points: z.array(AdminPoint),
});
export type AdminMeter = z.infer<typeof AdminMeter>;

export const AdminLocation = z.object({
  GatewayId: PositiveId,
  Name: z.string(),
  Address: z.string(),
  /** Active meters in route order, then the retired ones. */
  Meters: z.array(AdminMeter),
});
export type AdminLocation = z.infer<typeof AdminLocation>;

/** GET /api/admin/meters/{accountId}: one page of locations in route order. */
export const MeterAdminPage = z.object({
  Page: z.int().positive(),
  PageCount: z.int().nonnegative(),
  /** Locations matching the search (all of them without one). */
  LocationCount: z.int().nonnegative(),
  Locations: z.array(AdminLocation),
});
export type MeterAdminPage = z.infer<typeof MeterAdminPage>;

export const AddLocationRequest = z.object({ Name: NameField, Address: AddressField.default('') });
export type AddLocationRequest = z.input<typeof AddLocationRequest>;

const atLeastOne = (value: Record<string, unknown>) => Object.values(value).some((v) => v !== undefined);
const SOME_CHANGE = { error: METER_ADMIN_ERRORS.nothingToChange };

export const UpdateLocationRequest = z
  .object({ Name: NameField.optional(), Address: AddressField.optional() })
  .refine(atLeastOne, SOME_CHANGE);
export type UpdateLocationRequest = z.input<typeof UpdateLocationRequest>;

export const MOVE_DIRECTIONS = ['up', 'down'] as const;
/** One place earlier (`up`) or later (`down`) in the route; at either end nothing changes. */
export const MoveRequest = z.object({
  Direction: z.enum(MOVE_DIRECTIONS, { error: METER_ADMIN_ERRORS.directionInvalid }),
});
export type MoveRequest = z.infer<typeof MoveRequest>;

export const AddMeterRequest = z.object({
  Name: NameField,
  Type: DeviceType,
  Manual: z.boolean({ error: MESSAGES.manualFlagInvalid }).default(true),
  /** Left out or empty: the meter has no serial number yet. */
  SerialNumber: z.union([z.literal(''), SerialNumber]).default(''),
  InstalledOn: InstalledOn.default(null),
});
export type AddMeterRequest = z.input<typeof AddMeterRequest>;

export const UpdateMeterRequest = z
  .object({
    Name: NameField.optional(),
    SerialNumber: SerialNumber.optional(),
    InstalledOn: InstalledOn.optional(),
  })
  .refine(atLeastOne, SOME_CHANGE);
export type UpdateMeterRequest = z.input<typeof UpdateMeterRequest>;

export const AddPointRequest = z.object({
  Name: NameField,
  Unit,
  RegisterDigits: RegisterDigits.default(null),
  CountsUpOnly: CountsUpOnly.default(false),
});
export type AddPointRequest = z.input<typeof AddPointRequest>;

export const UpdatePointRequest = z
  .object({
    Name: NameField.optional(),
    Unit: Unit.optional(),
    RegisterDigits: RegisterDigits.optional(),
    CountsUpOnly: CountsUpOnly.optional(),
  })
  .refine(atLeastOne, SOME_CHANGE);
export type UpdatePointRequest = z.input<typeof UpdatePointRequest>;

/** Every write's answer: the id of the location, meter or point made or changed. */
export const MeterAdminWriteResponse = z.object({ Id: PositiveId });
export type MeterAdminWriteResponse = z.infer<typeof MeterAdminWriteResponse>;

export const PointAccountParams = z.object({
  deviceItemId: IntIdParam,
  accountId: AccountIdParams.shape.accountId,
});
