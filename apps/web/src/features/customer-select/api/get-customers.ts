import { GuaranteedCustomerList } from '@maaler/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';

/** POST /api/customer/loadlistbyid; the body is the session's customer list as a JSON string. */
export function getCustomers(customerList: string): Promise<GuaranteedCustomerList> {
  return api.post('/api/customer/loadlistbyid', customerList, GuaranteedCustomerList);
}

export function customersQueryOptions(customerList: string) {
  return queryOptions({
    queryKey: ['customers', customerList],
    queryFn: () => getCustomers(customerList),
  });
}

export function useCustomers(customerList: string) {
  return useQuery(customersQueryOptions(customerList));
}
