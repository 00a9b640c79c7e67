/** How many accounts a user's comma-separated account list names. */
export function accountCountOf(accountList: string): number {
  return accountList === '' ? 0 : accountList.split(',').length;
}

/** How many pages the server's user list makes (at least one, also when empty). */
export function userPageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
