import { splitGuidList } from '@maaler/contract';
import { METER_READER_ROLE } from '@/config/constants';

export type NextStep = 'reset-password' | 'load-accounts' | 'select-customer';

/**
 * Spec §4: the reset flag first; then a single customer or role 0 loads the accounts and goes home;
 * everyone else chooses a customer.
 */
export function routeAfterLogin(login: {
  resetPassword: boolean;
  role: number;
  customerList: string;
}): NextStep {
  if (login.resetPassword) return 'reset-password';
  if (login.role === METER_READER_ROLE || splitGuidList(login.customerList).length === 1)
    return 'load-accounts';
  return 'select-customer';
}
