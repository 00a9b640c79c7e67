import { z } from 'zod/mini';
import { AccessNoteField, PlacementField } from './access-placement.ts';
import { MAX_UNIT_LENGTH, MIN_READING_DATE } from './constants.ts';
import { isIsoDate, toDanishDate } from './dates.ts';
import { CONTROL_CHARACTERS_REFUSED, hasNoControlCharacters, NameField } from './fields.ts';
import { DeviceType } from './gateway.ts';
import { PositiveId } from './ids.ts';
import { MESSAGES } from './messages.ts';
import { SerialNumber } from './meter-lookup.ts';
import { ResidentEmail, ResidentName, ResidentPhone } from './meter-residents.ts';
import { optionalFields } from './optional-fields.ts';
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
  remoteInvalid: 'Angiv med true eller false, om måleren er fjernaflæst',
  radioIdNeeded: 'Radio-id skal udfyldes, når måleren ikke har et serienummer',
} as const;

/** Integer digits of a point's register (ADR 020); null: unknown. */
export const RegisterDigits = z.nullable(
  z
    .int({ error: METER_ADMIN_ERRORS.registerDigitsInvalid })
    .check(
      z.gte(MIN_REGISTER_DIGITS, { error: METER_ADMIN_ERRORS.registerDigitsInvalid }),
      z.lte(MAX_REGISTER_DIGITS, { error: METER_ADMIN_ERRORS.registerDigitsInvalid }),
    ),
);

/** Declared as never resetting, only counting up (ADR 020). */
export const CountsUpOnly = z.boolean({ error: METER_ADMIN_ERRORS.countsUpOnlyInvalid });

/**
 * `YYYY-MM-DD` a meter was put in place (ADR 020), from the first reading date on; null: unknown. The
 * server also refuses a day after its today, which a schema cannot know.
 */
export const InstalledOn = z.nullable(
  z.string({ error: METER_ADMIN_ERRORS.installedOnInvalid }).check(
    z.refine((date) => isIsoDate(date) && date >= MIN_READING_DATE, {
      error: METER_ADMIN_ERRORS.installedOnInvalid,
    }),
  ),
);

/** A measurement point's unit (`kWh`, `m³`), as typed. */
export const Unit = z
  .string({ error: METER_ADMIN_ERRORS.unitRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: METER_ADMIN_ERRORS.unitRequired }),
    z.maxLength(MAX_UNIT_LENGTH, { error: METER_ADMIN_ERRORS.unitTooLong }),
    z.refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED),
  );

export const AddressField = z
  .string({ error: MESSAGES.textTooLong })
  .check(
    z.trim(),
    z.maxLength(MAX_ADDRESS_LENGTH, { error: METER_ADMIN_ERRORS.addressTooLong }),
    z.refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED),
  );

/** Query of GET /api/admin/meters/{accountId}: a search over names, addresses and serial numbers. */
export const MeterAdminQuery = z.object({
  q: z._default(
    z
      .string({ error: METER_ADMIN_ERRORS.searchTooLong })
      .check(z.trim(), z.maxLength(MAX_SEARCH_LENGTH, { error: METER_ADMIN_ERRORS.searchTooLong })),
    '',
  ),
  page: z._default(
    z.pipe(
      z
        .string({ error: METER_ADMIN_ERRORS.pageInvalid })
        .check(z.regex(/^[1-9]\d{0,5}$/, { error: METER_ADMIN_ERRORS.pageInvalid })),
      z.transform(Number),
    ),
    1,
  ),
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
  RegisterDigits: z.nullable(z.int()),
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
  RetiredAt: z.nullable(z.string()),
  /** `YYYY-MM-DD` it was put in place; null when not known. */
  InstalledOn: z.nullable(z.iso.date()),
  /** The resident of the meter's place (ADR 039, role 1 only); each '' when not known. */
  ResidentName: z.string(),
  ResidentEmail: z.string(),
  ResidentPhone: z.string(),
  /** `Adgang` and `Placering` (issue 37); each '' when not known. */
  Access: z.string(),
  Placement: z.string(),
  /** `Fjernaflæst` (issue 38, ADR 050): the radio id its telegrams carry; null for a meter read by hand only. */
  RadioId: z.nullable(z.string()),
  Points: z.array(AdminPoint),
});
export type AdminMeter = z.infer<typeof AdminMeter>;

export const AdminLocation = z.object({
  GatewayId: PositiveId,
  Name: z.string(),
  Address: z.string(),
  /** `Adgang` and `Placering` (issue 37); each '' when not known. */
  Access: z.string(),
  Placement: z.string(),
  /** Active meters in route order, then the retired ones. */
  Meters: z.array(AdminMeter),
});
export type AdminLocation = z.infer<typeof AdminLocation>;

/** GET /api/admin/meters/{accountId}: one page of locations in route order. */
export const MeterAdminPage = z.object({
  Page: z.int().check(z.positive()),
  PageCount: z.int().check(z.nonnegative()),
  /** Locations matching the search (all of them without one). */
  LocationCount: z.int().check(z.nonnegative()),
  Locations: z.array(AdminLocation),
});
export type MeterAdminPage = z.infer<typeof MeterAdminPage>;

export const AddLocationRequest = z.object({ Name: NameField, Address: z._default(AddressField, '') });
export type AddLocationRequest = z.input<typeof AddLocationRequest>;

const atLeastOne = (value: Record<string, unknown>) => Object.values(value).some((v) => v !== undefined);

/** A change of some of `fields`: each may be left out, but not all of them. */
function updateRequest<Shape extends z.core.$ZodShape>(fields: Shape) {
  const keys = Object.keys(fields) as (keyof Shape & string)[];
  return z
    .object(optionalFields(fields, keys))
    .check(z.refine(atLeastOne, { error: METER_ADMIN_ERRORS.nothingToChange }));
}

/** `Access` and `Placement` (issue 37): '' clears one. */
export const UpdateLocationRequest = updateRequest({
  Name: NameField,
  Address: AddressField,
  Access: AccessNoteField,
  Placement: PlacementField,
});
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
  Manual: z._default(z.boolean({ error: MESSAGES.manualFlagInvalid }), true),
  /** Left out or empty: the meter has no serial number yet. */
  SerialNumber: z._default(z.union([z.literal(''), SerialNumber]), ''),
  InstalledOn: z._default(InstalledOn, null),
});
export type AddMeterRequest = z.input<typeof AddMeterRequest>;

/**
 * `ResidentName`, `ResidentEmail`, `ResidentPhone`: the resident's contact (ADR 039); `Access` and
 * `Placement` (issue 37); '' clears one. `Remote` (`Fjernaflæst`, issue 38) with `RadioId`: '' is the
 * serial number, left out keeps the stored radio id (else the serial number); `Remote: false` clears it.
 */
export const UpdateMeterRequest = updateRequest({
  Remote: z.boolean({ error: METER_ADMIN_ERRORS.remoteInvalid }),
  RadioId: z.union([z.literal(''), SerialNumber]),
  Name: NameField,
  SerialNumber,
  InstalledOn,
  ResidentName,
  ResidentEmail,
  ResidentPhone,
  Access: AccessNoteField,
  Placement: PlacementField,
});
export type UpdateMeterRequest = z.input<typeof UpdateMeterRequest>;

export const AddPointRequest = z.object({
  Name: NameField,
  Unit,
  RegisterDigits: z._default(RegisterDigits, null),
  CountsUpOnly: z._default(CountsUpOnly, false),
});
export type AddPointRequest = z.input<typeof AddPointRequest>;

export const UpdatePointRequest = updateRequest({ Name: NameField, Unit, RegisterDigits, CountsUpOnly });
export type UpdatePointRequest = z.input<typeof UpdatePointRequest>;

/** Every write's answer: the id of the location, meter or point made or changed. */
export const MeterAdminWriteResponse = z.object({ Id: PositiveId });
export type MeterAdminWriteResponse = z.infer<typeof MeterAdminWriteResponse>;

export const PointAccountParams = z.object({
  deviceItemId: IntIdParam,
  accountId: AccountIdParams.shape.accountId,
});
