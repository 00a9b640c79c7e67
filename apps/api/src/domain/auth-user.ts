import { ADMIN_ROLE } from '@maaler/contract';

/** The signed-in user as the database says now (not as an old token claimed). */
export type AuthUser = {
  id: string;
  email: string;
  name: string;
  role: number;
  resetPassword: boolean;
};

export const isAdmin = (user: Pick<AuthUser, 'role'>) => user.role === ADMIN_ROLE;

/** A user row as the database stores it (flags as 0/1), for a user who has a role. */
export type UserRecord = { id: string; email: string; name: string; role: number; reset_password: number };

export function toAuthUser(row: UserRecord): AuthUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    resetPassword: row.reset_password === 1,
  };
}
