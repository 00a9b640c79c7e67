import { describe, expect, it } from 'vitest';
import { resetSession } from '@/lib/auth-status';
import { queryClient } from '@/lib/query-client';

describe('query cache', () => {
  it('is emptied by a session reset, so one session never sees the server data of another', () => {
    queryClient.setQueryData(['accounts'], [{ guid: 'x', name: 'Søparken' }]);
    resetSession();
    expect(queryClient.getQueryData(['accounts'])).toBeUndefined();
  });
});
