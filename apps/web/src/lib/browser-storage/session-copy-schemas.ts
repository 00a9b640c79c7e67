import {
  GuaranteedAccountList,
  GuaranteedAccountListItem,
  GuaranteedGatewayTree,
  OpaqueId,
} from '@maaler/contract';
import { z } from '@/lib/zod';

// The shapes of the session copies of server data (product spec §3), in a chunk of their own: a load
// needs them only when a copy was not written by this build as it stands (ADR 055), so most loads of
// the home screen never build them.

/** Company data of the selected account's customer, from GET /api/account/loadsimple/{accountId}. */
const StoredCustomer = z.object({
  name: z.string(),
  address: z.string(),
  postalcode: z.string(),
  town: z.string(),
});

/** The simple gateway list, cached for the account it was loaded for. */
const StoredGatewayList = z.object({ accountId: OpaqueId, gateways: GuaranteedGatewayTree });

/** The home form as last typed (owned by the reading-report feature). */
const StoredRegisterForm = z.object({
  accountId: z.string(),
  gatewayId: z.string(),
  deviceId: z.string(),
  date: z.string(),
  readings: z.array(z.object({ deviceItemId: z.number(), value: z.string() })),
});

/** Each checked key's schema, by the spec's key name. */
export const sessionCopySchemas = {
  accountinfolist: GuaranteedAccountList,
  gatewaylist: StoredGatewayList,
  accountselected: GuaranteedAccountListItem,
  customer: StoredCustomer,
  registerForm: StoredRegisterForm,
};

export type SessionCopies = {
  [Key in keyof typeof sessionCopySchemas]: z.infer<(typeof sessionCopySchemas)[Key]>;
};

/** Whether `value`, read from the copy `key`, has its shape. */
export function fitsSessionCopy(key: keyof SessionCopies, value: unknown): boolean {
  return z.safeParse(sessionCopySchemas[key], value).success;
}
