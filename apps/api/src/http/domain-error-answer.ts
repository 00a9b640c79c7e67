import {
  ConflictError,
  ContentTooLargeError,
  type DomainError,
  ForbiddenError,
  IdempotencyKeyReusedError,
  InvalidRequestError,
  NotFoundError,
  NotSignedInError,
  ReadingRefusedError,
  TooManyAttemptsError,
  UnacceptableContentError,
} from '../domain/errors.ts';

export type DomainErrorAnswer = {
  status: number;
  body: Record<string, string>;
  headers: Record<string, string>;
};

/**
 * The one place that says which status and body each domain error answers with (the contract's);
 * undefined for a kind this does not know, which the error handler answers as an internal error.
 */
export function domainErrorAnswer(error: DomainError): DomainErrorAnswer | undefined {
  const message = { Message: error.message };
  if (error instanceof ReadingRefusedError) return answer(406, { validationError: error.message });
  if (error instanceof UnacceptableContentError) return answer(406, { validationError: error.message });
  if (error instanceof ContentTooLargeError) return answer(413, message);
  if (error instanceof NotFoundError) return answer(404, message);
  if (error instanceof ForbiddenError) return answer(403, message);
  if (error instanceof NotSignedInError) return answer(401, message);
  if (error instanceof InvalidRequestError) return answer(400, message);
  if (error instanceof ConflictError) return answer(409, message);
  if (error instanceof IdempotencyKeyReusedError) return answer(422, message);
  if (error instanceof TooManyAttemptsError) {
    return answer(429, message, { 'retry-after': String(error.retryAfterSeconds) });
  }
  return undefined;
}

function answer(status: number, body: Record<string, string>, headers: Record<string, string> = {}) {
  return { status, body, headers };
}
