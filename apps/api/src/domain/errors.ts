import { messages } from '../messages.ts';

/**
 * A rule said no. Services, plugins and routes throw these and know no status codes: the error
 * handler turns each kind into the contract's answer (`http/domain-error-answer.ts`). The message is
 * the Danish text the user sees.
 */
export abstract class DomainError extends Error {}

/** It does not exist, or it is not the caller's: alike on purpose, so ids cannot be probed. */
export class NotFoundError extends DomainError {
  constructor() {
    super(messages.notFound);
  }
}

/** Nobody is signed in: no token, an ended session, or a credential that was refused. */
export class NotSignedInError extends DomainError {
  constructor(message: string = messages.unauthorized) {
    super(message);
  }
}

/** The signed-in user may not do this (their role, their own record, a user they do not wholly manage). */
export class ForbiddenError extends DomainError {
  constructor(message: string = messages.forbidden) {
    super(message);
  }
}

/** The request itself is wrong: malformed, or a value outside what it may be. */
export class InvalidRequestError extends DomainError {
  constructor(message: string = messages.badRequest) {
    super(message);
  }
}

/** The request contradicts what is stored now: a serial number or e-mail in use, a retired meter. */
export class ConflictError extends DomainError {}

/**
 * The reading rules refuse the values (readings, a meter change, estimates): the contract's
 * `validationError`, whose text names the point and the rule.
 */
export class ReadingRefusedError extends DomainError {}

/** A file the server cannot take as what it claims to be (a photo that is no image): the contract's 406. */
export class UnacceptableContentError extends DomainError {}

/** A body within the transport's limit whose content is still too big (an image of too many pixels). */
export class ContentTooLargeError extends DomainError {}

/** An Idempotency-Key that already stands for another request. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super(messages.idempotencyKeyReused);
  }
}

/** Too many attempts for now (sign-ins, or a busy import): try again after `retryAfterSeconds`. */
export class TooManyAttemptsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
