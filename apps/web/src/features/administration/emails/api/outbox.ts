import { OutboxMessage, OutboxPage } from '@maaler/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';

/** GET /api/admin/emails: one page of the customers' messages, newest first. */
export function useOutboxPage(page: number) {
  return useQuery({
    queryKey: ['admin', 'emails', page],
    queryFn: () => api.get(`/api/admin/emails?page=${page}`, OutboxPage),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/emails/{id}: one message with its text; not loaded until one is opened. */
export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'email', id],
    queryFn: () => api.get(`/api/admin/emails/${encodeURIComponent(id ?? '')}`, OutboxMessage),
    enabled: id !== null,
  });
}
