import { SuccessResponse, TaskList, type TaskStatus } from '@maaler/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { acceptedMessage } from '@/lib/http/success-answer';

const tasksKey = (accountId: string) => ['admin', 'tasks', accountId] as const;

/** GET /api/admin/tasks/{accountId}?status=: the account's open or closed tasks, newest first. */
export function useTaskList(accountId: string, status: TaskStatus) {
  return useQuery({
    queryKey: [...tasksKey(accountId), status],
    queryFn: () => api.get(`/api/admin/tasks/${encodeURIComponent(accountId)}?status=${status}`, TaskList),
    enabled: accountId !== '',
  });
}

/** What the section does to a task: assign it, comment on it, or close it (`Luk opgave`). */
export type TaskWrite =
  | { call: 'assign'; taskId: number; body: { UserId: string | null } }
  | { call: 'comment'; taskId: number; body: { Text: string } }
  | { call: 'close'; taskId: number; body: { Note: string } };

/** POST /api/admin/tasks/{call}/{taskId}/{accountId}; the lists are read again. */
export function useTaskWrite(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ call, taskId, body }: TaskWrite) =>
      acceptedMessage(
        await api.post(
          `/api/admin/tasks/${call}/${taskId}/${encodeURIComponent(accountId)}`,
          body,
          SuccessResponse,
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKey(accountId) }),
  });
}
