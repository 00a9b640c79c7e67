import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';
import { answerSchema } from '@/lib/server-data/answer-schema';
import { withDeviceCopy } from '@/lib/server-data/offline-fallback';
import { readingStatusKey } from '@/lib/server-data/reading-status-key';

const statusSchema = answerSchema('GuaranteedReadingStatus');

/**
 * GET /api/gateway/readingstatus/{accountId}: the period and the route with each point's status; the
 * device's copy answers without a connection (issue 17: the route works offline).
 */
export function readingStatusQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: readingStatusKey(accountId),
    queryFn: () =>
      withDeviceCopy(accountId, 'reading-status', statusSchema, () =>
        api.get(`/api/gateway/readingstatus/${encodeURIComponent(accountId)}`, statusSchema),
      ),
    networkMode: 'always',
  });
}

export function useReadingStatus(accountId: string, enabled: boolean) {
  return useQuery({ ...readingStatusQueryOptions(accountId), enabled: enabled && accountId !== '' });
}
