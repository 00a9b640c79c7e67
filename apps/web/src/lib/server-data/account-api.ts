import {
  ACCOUNT_LIST_VERSION,
  type GuaranteedAccountDetail,
  type GuaranteedAccountList,
} from '@maaler/contract';
import { api } from '../http/api-client';
import { answerSchema } from './answer-schema';
import { withDeviceCopy } from './offline-fallback';

const accountListSchema = answerSchema('GuaranteedAccountList');
const accountDetailSchema = answerSchema('GuaranteedAccountDetail');

// Account calls that several screens make (sign-in, customer select, new password, home).

/** GET /api/account/loadlistbycurrentuser/v2/9: the signed-in user's accounts. */
export function fetchCurrentUserAccounts(): Promise<GuaranteedAccountList> {
  return api.get(`/api/account/loadlistbycurrentuser/v2/${ACCOUNT_LIST_VERSION}`, accountListSchema);
}

/** GET /api/account/loadlistbycustomer/{customerId}. */
export function fetchCustomerAccounts(customerId: string): Promise<GuaranteedAccountList> {
  return api.get(`/api/account/loadlistbycustomer/${encodeURIComponent(customerId)}`, accountListSchema);
}

/**
 * GET /api/account/loadsimple/{accountId}: the account with its customer's company data (from the
 * device's copy when the server cannot be reached).
 */
export function fetchAccountDetail(accountId: string): Promise<GuaranteedAccountDetail> {
  return withDeviceCopy(accountId, 'account-detail', accountDetailSchema, () =>
    api.get(`/api/account/loadsimple/${encodeURIComponent(accountId)}`, accountDetailSchema),
  );
}
