import {
  GuaranteedAccountList,
  GuaranteedAccountListItem,
  GuaranteedGatewayTree,
  OpaqueId,
} from '@maaler/contract';
import { parseOrNull, z } from '@/lib/zod';
import { jsonItem, plainSessionKeys, sessionStore } from './plain-keys';

export { clearSessionStorage, localKeys, readRole } from './plain-keys';

// Typed access to every key the app keeps in the browser (product spec §3). The key names are the
// spec's; each accessor parses what it reads, so a tampered or stale value reads as absent. The
// plain keys come from plain-keys.ts; the keys holding server data are checked with their schemas.

function schemaItem<T>(key: string, schema: z.core.$ZodType<T>) {
  return jsonItem(sessionStore, key, (value) => parseOrNull(schema, value));
}

/** Company data of the selected account's customer, from GET /api/account/loadsimple/{accountId}. */
export const StoredCustomer = z.object({
  name: z.string(),
  address: z.string(),
  postalcode: z.string(),
  town: z.string(),
});
export type StoredCustomer = z.infer<typeof StoredCustomer>;

/** The simple gateway list, cached for the account it was loaded for. */
export const StoredGatewayList = z.object({ accountId: OpaqueId, gateways: GuaranteedGatewayTree });
export type StoredGatewayList = z.infer<typeof StoredGatewayList>;

/** Per-tab session storage (spec §3). */
export const sessionKeys = {
  ...plainSessionKeys,
  /** The accounts the user chooses between on the home screen (`[{guid, name}]`). */
  accountinfolist: schemaItem('accountinfolist', GuaranteedAccountList),
  /** The simple gateway list of one account, served instead of a new request when present. */
  gatewaylist: schemaItem('gatewaylist', StoredGatewayList),
  /** The selected account (`{guid, name}`). */
  accountselected: schemaItem('accountselected', GuaranteedAccountListItem),
  /** Company data of the selected account's customer. */
  customer: schemaItem('customer', StoredCustomer),
  /** Draft of the home screen's form, owned by the reading-report feature. */
  registerForm: schemaItem('registerForm', z.unknown()),
} as const;
