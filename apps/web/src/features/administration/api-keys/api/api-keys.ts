import { ApiKeyList, type CreateApiKeyRequest, CreatedApiKey, SuccessResponse } from '@maaler/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api-client';

const apiKeysKey = ['admin', 'apikeys'] as const;

/** GET /api/admin/apikeys: the keys of the administrator's customers, newest first, and those customers. */
export function useApiKeyList() {
  return useQuery({ queryKey: apiKeysKey, queryFn: () => api.get('/api/admin/apikeys', ApiKeyList) });
}

/** POST /api/admin/apikeys: the answer holds the key itself, this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiKeyRequest) => api.post('/api/admin/apikeys', request, CreatedApiKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** POST /api/admin/apikeys/revoke/{keyId}. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      api.post(`/api/admin/apikeys/revoke/${encodeURIComponent(keyId)}`, {}, SuccessResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
