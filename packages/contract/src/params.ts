import { z } from 'zod/mini';
import { DEVICE_TYPES, MAX_ID } from './constants.ts';
import { Guid } from './ids.ts';
import { MESSAGES } from './messages.ts';

// Path parameters arrive as strings; these schemas validate (and for numeric ids, convert) them.

export const GuidParam = Guid;
export type GuidParam = z.infer<typeof GuidParam>;

// Plain digits only, so that forms Number() would also accept (' 12', '1e3', '0x10') are refused.
export const IntIdParam = z.pipe(
  z.string({ error: MESSAGES.idInvalid }).check(z.regex(/^\d{1,15}$/, { error: MESSAGES.idInvalid })),
  z.coerce
    .number<string>()
    .check(z.int(), z.positive({ error: MESSAGES.idInvalid }), z.lte(MAX_ID, { error: MESSAGES.idInvalid })),
);
export type IntIdParam = z.infer<typeof IntIdParam>;

export const DeviceTypeParam = z.enum(DEVICE_TYPES, { error: MESSAGES.deviceTypeInvalid });
export type DeviceTypeParam = z.infer<typeof DeviceTypeParam>;

/** `1` = meters read manually, `0` = read automatically. */
export const ManualFlagParam = z.enum(['0', '1'], { error: MESSAGES.manualFlagInvalid });
export type ManualFlagParam = z.infer<typeof ManualFlagParam>;

// Route parameter objects, named after the placeholders in the contract's paths.

export const AccountIdParams = z.object({ accountId: z.uuid({ error: MESSAGES.accountInvalid }) });
export type AccountIdParams = z.infer<typeof AccountIdParams>;

export const CustomerIdParams = z.object({ customerId: z.uuid({ error: MESSAGES.customerInvalid }) });
export type CustomerIdParams = z.infer<typeof CustomerIdParams>;

export const UserIdParams = z.object({ id: z.uuid({ error: MESSAGES.userInvalid }) });
export type UserIdParams = z.infer<typeof UserIdParams>;

export const GatewayAccountParams = z.object({
  gatewayId: IntIdParam,
  accountId: AccountIdParams.shape.accountId,
});
export type GatewayAccountParams = z.infer<typeof GatewayAccountParams>;

export const DeviceAccountParams = z.object({
  deviceId: IntIdParam,
  accountId: AccountIdParams.shape.accountId,
});
export type DeviceAccountParams = z.infer<typeof DeviceAccountParams>;

export const DeviceTypeAccountParams = z.object({
  type: DeviceTypeParam,
  accountId: AccountIdParams.shape.accountId,
});
export type DeviceTypeAccountParams = z.infer<typeof DeviceTypeAccountParams>;

export const ManualFlagParams = z.object({ value: ManualFlagParam });
export type ManualFlagParams = z.infer<typeof ManualFlagParams>;
