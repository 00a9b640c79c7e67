import { describe, expect, it } from 'vitest';
import { attempt, outcomeOf } from '@/lib/device/reading-queue/send-outcome';
import { ApiError } from '@/lib/http/api-error';

describe('outcomeOf: what a failed send of a kept SEND or skip means', () => {
  it('stops the sync and keeps it when no answer came, the server failed, or the session ended', () => {
    for (const error of [
      new TypeError('Failed to fetch'),
      new ApiError(500, { Message: 'Serverfejl' }),
      new ApiError(503, '<html>Service Unavailable</html>'),
      new ApiError(401, { Message: 'Log ind igen' }),
      new ApiError(408, {}),
      new ApiError(429, { Message: 'For mange forsøg' }),
      new Error('anything else'),
    ]) {
      expect(outcomeOf(error), String(error)).toEqual({ kind: 'stop' });
    }
  });

  it('refuses it with the server text for any other client error, which a resend would not pass', () => {
    const refused = new ApiError(406, {
      Success: false,
      validationError: 'Værdien for "Punkt 1" er for stor',
    });
    expect(outcomeOf(refused)).toEqual({ kind: 'rejected', text: 'Værdien for "Punkt 1" er for stor' });
    expect(outcomeOf(new ApiError(404, { Message: 'Måleren findes ikke' }))).toEqual({
      kind: 'rejected',
      text: 'Måleren findes ikke',
    });
    expect(outcomeOf(new ApiError(422, {}))).toEqual({ kind: 'rejected', text: 'HTTP 422' });
  });
});

describe('attempt', () => {
  it('is sent when the send resolves, and otherwise what its failure means', async () => {
    expect(await attempt(async () => {})).toEqual({ kind: 'sent' });
    expect(await attempt(() => Promise.reject(new ApiError(409, { Message: 'Konflikt' })))).toEqual({
      kind: 'rejected',
      text: 'Konflikt',
    });
    expect(await attempt(() => Promise.reject(new TypeError('Failed to fetch')))).toEqual({ kind: 'stop' });
  });
});
