import { z } from 'zod/mini';
import { MAX_SERIAL_LENGTH } from './constants.ts';
import { CONTROL_CHARACTERS_REFUSED, hasNoControlCharacters } from './fields.ts';
import { PositiveId } from './ids.ts';
import { MESSAGES } from './messages.ts';
import { AccountIdParams } from './params.ts';

/** A serial number as printed on a meter's label; compared without regard to case. */
export const SerialNumber = z
  .string({ error: MESSAGES.serialInvalid })
  .check(
    z.trim(),
    z.minLength(1, { error: MESSAGES.serialInvalid }),
    z.maxLength(MAX_SERIAL_LENGTH, { error: MESSAGES.serialInvalid }),
    z.refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED),
  );

export const SerialAccountParams = z.object({
  accountId: AccountIdParams.shape.accountId,
  serial: SerialNumber,
});
export type SerialAccountParams = z.infer<typeof SerialAccountParams>;

/** GET /api/gateway/findbyserial/{accountId}/{serial}: the account's meter with that serial number. */
export const FoundMeter = z.object({
  GatewayId: PositiveId,
  GatewayName: z.string(),
  DeviceId: PositiveId,
  DeviceName: z.string(),
  Serial: z.string(),
});
export type FoundMeter = z.infer<typeof FoundMeter>;
