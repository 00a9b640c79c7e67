import { z } from 'zod/mini';
import { ADMIN_ROLE, CUSTOMER_USER_ROLE, MAX_EMAIL_LENGTH, METER_READER_ROLE } from './constants.ts';
import { CONTROL_CHARACTERS_REFUSED, EmailField, hasNoControlCharacters, NameField } from './fields.ts';
import { User } from './user.ts';

// User administration in the app (issue 18, ADR 016): calls beyond the spec's /api/user/ ones, for
// role 1 on the users of their own customers. Kept in its own file so the sign-in screen never loads it.

/** Users per page of GET /api/admin/users: enough to fill a phone screen a few times, cheap to render. */
export const ADMIN_USERS_PAGE_SIZE = 50;
/** Most accounts one user can be given in one call. */
export const MAX_ACCOUNTS_PER_USER = 1000;

export const USER_ADMINISTRATION_MESSAGES = {
  roleInvalid: 'Vælg en rolle: Måleraflæser, Administrator eller Kundebruger',
  accountsRequired: 'Vælg mindst én konto',
  accountsTooMany: `Der kan højst vælges ${MAX_ACCOUNTS_PER_USER} konti`,
  accountInvalid: 'Ugyldig konto',
  searchTooLong: 'Søgningen er for lang',
  pageInvalid: 'Siden skal være et helt tal fra 1',
} as const;
const M = USER_ADMINISTRATION_MESSAGES;

export const AdminRole = z.union(
  [z.literal(METER_READER_ROLE), z.literal(ADMIN_ROLE), z.literal(CUSTOMER_USER_ROLE)],
  {
    error: M.roleInvalid,
  },
);
export type AdminRole = z.infer<typeof AdminRole>;

const AccountIds = z
  .array(z.uuid({ error: M.accountInvalid }), { error: M.accountsRequired })
  .check(
    z.minLength(1, { error: M.accountsRequired }),
    z.maxLength(MAX_ACCOUNTS_PER_USER, { error: M.accountsTooMany }),
  );

/** Query of GET /api/admin/users: a search over name and e-mail, and the page (from 1). */
export const AdminUsersQuery = z.object({
  q: z._default(
    z.string({ error: M.searchTooLong }).check(
      z.trim(),
      z.maxLength(MAX_EMAIL_LENGTH, { error: M.searchTooLong }),
      // NUL in a LIKE pattern was a 500 on PostgreSQL: refused like every other text.
      z.refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED),
    ),
    '',
  ),
  page: z.optional(
    z.pipe(
      z.string({ error: M.pageInvalid }).check(z.regex(/^[1-9]\d{0,5}$/, { error: M.pageInvalid })),
      z.coerce.number<string>().check(z.int()),
    ),
  ),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuery>;

/**
 * A user as the administration shows them: the spec's record plus `disabled` (cannot sign in) and
 * `locked` (signing in refused for a while after failed attempts, from at least one address).
 */
export const AdminUser = z.extend(User, { disabled: z.boolean(), locked: z.boolean() });
export type AdminUser = z.infer<typeof AdminUser>;

/** GET /api/admin/users: one page of the users of the administrator's customers, by name. */
export const AdminUserPage = z.object({
  users: z.array(AdminUser),
  /** All users matching the search, on every page. */
  total: z.int().check(z.nonnegative()),
  page: z.int().check(z.positive()),
  pageSize: z.int().check(z.positive()),
});
export type AdminUserPage = z.infer<typeof AdminUserPage>;

/**
 * Body of POST /api/admin/users/{id}: name, role and accounts. The accounts must belong to the
 * administrator's customers; the user belongs to the customers of the accounts chosen.
 */
export const EditUserRequest = z.object({ name: NameField, role: AdminRole, accountIds: AccountIds });
export type EditUserRequest = z.infer<typeof EditUserRequest>;

/** Body of POST /api/admin/users: a new user, who gets a temporary password to replace at first sign-in. */
export const CreateUserRequest = z.extend(EditUserRequest, { email: EmailField });
export type CreateUserRequest = z.infer<typeof CreateUserRequest>;

/**
 * Answer of POST /api/admin/users: the user and their temporary password, shown only this once; null
 * when the server delivers e-mail and `invited` says an invitation with a set-password link went out.
 */
export const CreatedUser = z.object({
  user: AdminUser,
  temporaryPassword: z.nullable(z.string()),
  invited: z.boolean(),
});
export type CreatedUser = z.infer<typeof CreatedUser>;
