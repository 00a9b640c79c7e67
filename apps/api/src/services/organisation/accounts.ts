import type { AccountDetail, AccountListItem } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectAccessibleAccounts, selectAccountWithCustomer } from '../../db/repositories/accounts.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../domain/auth-user.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { byDanishName } from '../shared/danish-order.ts';

/** The accounts the user reaches (optionally of one customer), in Danish name order. */
export async function accountListOf(
  db: Kysely<Database>,
  user: AuthUser,
  customerId?: string,
): Promise<AccountListItem[]> {
  const rows = await selectAccessibleAccounts(db, user, customerId);
  return rows.sort(byDanishName).map((row) => ({ guid: row.id, name: row.name }));
}

/** The account with its customer's company data. The caller checks that the user reaches it. */
export async function accountDetail(db: Kysely<Database>, accountId: string): Promise<AccountDetail> {
  const row = await selectAccountWithCustomer(db, accountId);
  if (!row) throw new NotFoundError();
  return {
    Guid: row.id,
    CustomerId: row.customer_id,
    CompanyName: row.customer_name,
    CompanyAddress: row.customer_address,
    CompanyPostal: row.customer_postal,
    CompanyTown: row.customer_town,
  };
}
