import { ApiError } from '../../http/api-error';

export type Outcome = { kind: 'sent' } | { kind: 'rejected'; text: string } | { kind: 'stop' };

const UNAUTHORIZED = 401;
const REQUEST_TIMEOUT = 408;
const TOO_MANY_REQUESTS = 429;

/**
 * What a failed send of a kept request (a SEND or a skip) means. No answer (fetch's TypeError), a
 * server error, a timeout or a rate limit may pass, so it waits for the next sync. A 401 means the
 * session ended: it waits for the same user's next session. Any other 4xx (a 406 names the invalid
 * point) will not pass on a resend: the request is refused, with the server's text.
 */
export function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return { kind: 'stop' };
  const { status } = error;
  const clientError = status >= 400 && status < 500;
  if (!clientError || status === UNAUTHORIZED || status === REQUEST_TIMEOUT || status === TOO_MANY_REQUESTS) {
    return { kind: 'stop' };
  }
  return { kind: 'rejected', text: error.serverMessage ?? `HTTP ${status}` };
}

/** Sends one kept request and says what its failure means. */
export async function attempt(send: () => Promise<unknown>): Promise<Outcome> {
  try {
    await send();
    return { kind: 'sent' };
  } catch (error) {
    return outcomeOf(error);
  }
}
