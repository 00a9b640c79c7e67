import {
  AdminUser,
  AdminUserPage,
  CreatedUser,
  type CreateUserRequest,
  type EditUserRequest,
  SuccessResponse,
} from '@maaler/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { acceptedMessage } from '@/lib/http/success-answer';

const usersKey = ['admin', 'users'] as const;

/**
 * GET /api/admin/users?q=&page=: one page of the users of the administrator's customers, searched on
 * the server, so 5,000 users cost one page's worth of rows (ADR 016). The last page stays shown while
 * the next one loads.
 */
export function useUserPage(search: string, page: number) {
  return useQuery({
    queryKey: [...usersKey, search, page],
    queryFn: ({ signal }) =>
      api.get(
        `/api/admin/users?${new URLSearchParams({ q: search, page: String(page) })}`,
        AdminUserPage,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Any change of a user shows in the list at once, whichever page it is on. */
function useUsersChange<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** POST /api/admin/users: the new user and their temporary password, answered only this once. */
export const useCreateUser = () =>
  useUsersChange((user: CreateUserRequest) => api.post('/api/admin/users', user, CreatedUser));

/** POST /api/admin/users/{id}: name, role and accounts. */
export const useEditUser = () =>
  useUsersChange(({ userId, change }: { userId: string; change: EditUserRequest }) =>
    api.post(`/api/admin/users/${encodeURIComponent(userId)}`, change, AdminUser),
  );

export type UserAction = 'disable' | 'enable' | 'unlock';

/** POST /api/admin/users/{id}/disable, /enable or /unlock. */
export const useUserAction = () =>
  useUsersChange(({ userId, action }: { userId: string; action: UserAction }) =>
    api.post(`/api/admin/users/${encodeURIComponent(userId)}/${action}`, undefined, AdminUser),
  );

/**
 * GET /api/user/resetpassword/{id} (the spec's call): a new temporary password, returned once in
 * `Message`; the user must choose their own at the next sign-in.
 */
export const useResetPassword = () =>
  useUsersChange(
    async (userId: string): Promise<string> =>
      acceptedMessage(
        await api.get(`/api/user/resetpassword/${encodeURIComponent(userId)}`, SuccessResponse),
      ),
  );
