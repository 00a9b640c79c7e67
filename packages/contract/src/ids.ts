import { z } from 'zod/mini';
import { MAX_ID } from './constants.ts';
import { MESSAGES } from './messages.ts';

/** Identifier of customers, accounts and users (RFC 9562 UUID, lower or upper case hex). */
export const Guid = z.uuid({ error: MESSAGES.idInvalid });
export type Guid = z.infer<typeof Guid>;

/** Identifier of gateways, devices and device items in JSON bodies (a number, never a numeric string). */
export const PositiveId = z
  .int({ error: MESSAGES.idInvalid })
  .check(z.positive({ error: MESSAGES.idInvalid }), z.lte(MAX_ID, { error: MESSAGES.idInvalid }));
export type PositiveId = z.infer<typeof PositiveId>;

/** A gateway, device or device item id in a request body, refused with the field's own message. */
export function positiveId(message: string) {
  return z
    .number({ error: message })
    .check(z.int({ error: message }), z.positive({ error: message }), z.lte(MAX_ID, { error: message }));
}

/** A request body's list of ids: 1 to `max` of them, refused with the field's own message. */
export function positiveIdList(message: string, max: number) {
  return z
    .array(PositiveId, { error: message })
    .check(z.minLength(1, { error: message }), z.maxLength(max, { error: message }));
}
