import { ADMIN_ROLE } from '@maaler/contract';
import type { UsersTable } from '../db/schema.ts';

/** The signed-in user as the database says now (not as an old token claimed). */
export type AuthUser = {
  id: string;
  email: string;
  name: string;
  role: number;
  resetPassword: boolean;
};

export const isAdmin = (user: Pick<AuthUser, 'role'>) => user.role === ADMIN_ROLE;

export function toAuthUser(
  row: Pick<UsersTable, 'id' | 'email' | 'name' | 'reset_password'> & { role: number },
): AuthUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    resetPassword: row.reset_password === 1,
  };
}
