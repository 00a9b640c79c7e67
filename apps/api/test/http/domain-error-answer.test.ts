import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  IdempotencyKeyReusedError,
  InvalidRequestError,
  NotFoundError,
  NotSignedInError,
  ReadingRefusedError,
  TooManyAttemptsError,
} from '../../src/domain/errors.ts';
import { domainErrorAnswer } from '../../src/http/domain-error-answer.ts';

// The contract's answers written out here, not read from the code under test.
describe('domainErrorAnswer', () => {
  it.each([
    [new NotFoundError(), 404, { Message: 'Det efterspurgte findes ikke.' }],
    [new ForbiddenError(), 403, { Message: 'Du har ikke adgang til denne funktion.' }],
    [
      new ForbiddenError('Kun en administrator kan ændre denne indstilling.'),
      403,
      { Message: 'Kun en administrator kan ændre denne indstilling.' },
    ],
    [
      new NotSignedInError(),
      401,
      { Message: 'Du er ikke logget ind, eller din session er udløbet. Log ind igen.' },
    ],
    [
      new NotSignedInError('Log ind igen, når du har forbindelse'),
      401,
      { Message: 'Log ind igen, når du har forbindelse' },
    ],
    [new InvalidRequestError(), 400, { Message: 'Anmodningen er ugyldig.' }],
    [
      new ConflictError('E-mailadressen kan ikke bruges. Vælg en anden.'),
      409,
      { Message: 'E-mailadressen kan ikke bruges. Vælg en anden.' },
    ],
    [new ReadingRefusedError('Værdien mangler'), 406, { validationError: 'Værdien mangler' }],
    [
      new IdempotencyKeyReusedError(),
      422,
      {
        Message:
          'Idempotency-Key er allerede brugt til en anden indberetning. Send den nye indberetning med en ny nøgle.',
      },
    ],
  ])('%o answers %i with its body and no extra header', (error, status, body) => {
    expect(domainErrorAnswer(error)).toEqual({ status, body, headers: {} });
  });

  it('answers too many attempts with 429 and when to try again', () => {
    expect(domainErrorAnswer(new TooManyAttemptsError('Vent lidt.', 37))).toEqual({
      status: 429,
      body: { Message: 'Vent lidt.' },
      headers: { 'retry-after': '37' },
    });
  });

  it('has no answer for a kind it does not know, so the handler treats it as an internal error', () => {
    class UnmappedError extends DomainError {}
    expect(domainErrorAnswer(new UnmappedError('intern'))).toBeUndefined();
  });
});
