import { SuccessResponse, UserList } from '@maaler/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { acceptedMessage } from '@/lib/http/success-answer';

const usersKey = ['admin', 'users'] as const;

/** GET /api/user/loadlist/: the users of the administrator's customers. */
export function useUsers() {
  return useQuery({ queryKey: usersKey, queryFn: () => api.get('/api/user/loadlist/', UserList) });
}

/**
 * GET /api/user/resetpassword/{id}: a new temporary password, returned once in `Message`; the user
 * must choose their own at the next sign-in.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string): Promise<string> =>
      acceptedMessage(
        await api.get(`/api/user/resetpassword/${encodeURIComponent(userId)}`, SuccessResponse),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
