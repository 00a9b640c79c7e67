// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/http/query-client';
import { resetSession } from '@/lib/session/auth-status';

describe('query cache', () => {
  it('is emptied by a session reset, so one session never sees the server data of another', () => {
    queryClient.setQueryData(['accounts'], [{ guid: 'x', name: 'Søparken' }]);
    resetSession();
    expect(queryClient.getQueryData(['accounts'])).toBeUndefined();
  });
});
