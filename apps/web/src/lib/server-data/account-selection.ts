import type { GuaranteedAccountList, GuaranteedAccountListItem } from '@maaler/contract';
import { sessionKeys } from '../browser-storage/schema-checked-keys';
import { fetchAccountDetail } from './account-api';
import { refreshGatewayTree } from './gateway-tree';

/**
 * Makes `account` the selected one: loads its company data (customer id, name, address) and its
 * gateways fresh from the server into the session cache, then stores it. When a load fails, the
 * earlier selection stays as it was.
 */
export async function selectAccount(account: GuaranteedAccountListItem): Promise<void> {
  const [detail] = await Promise.all([fetchAccountDetail(account.guid), refreshGatewayTree(account.guid)]);
  sessionKeys.accountselected.set(account);
  sessionKeys.accountid.set(account.guid);
  sessionKeys.accountname.set(account.name);
  sessionKeys.customerid.set(detail.CustomerId);
  sessionKeys.customer.set({
    name: detail.CompanyName,
    address: detail.CompanyAddress,
    postalcode: detail.CompanyPostal,
    town: detail.CompanyTown,
  });
}

/** Spec §4: stores the account list the home screen offers and selects its first account. */
export async function storeAccountsAndSelectFirst(accounts: GuaranteedAccountList): Promise<void> {
  sessionKeys.accountinfolist.set(accounts);
  const first = accounts[0];
  if (first) await selectAccount(first);
}
