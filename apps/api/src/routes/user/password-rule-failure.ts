import type { PasswordChangeResponse } from '@maaler/contract';
import { z } from 'zod';
import { InvalidRequestError } from '../../domain/errors.ts';

/**
 * The answer to a password body that breaks a rule. The app shows `Message` after "Informationer er
 * ikke gemt. Fejl:", so a broken rule is `Success: false` with the rule's Danish text rather than a
 * 400; only a body that is not even an object stays a 400.
 */
export function passwordRuleFailure(schema: z.core.$ZodType, body: unknown): PasswordChangeResponse {
  const result = z.safeParse(schema, body);
  const issue = result.success ? undefined : result.error.issues[0];
  if (!issue || issue.path.length === 0) throw new InvalidRequestError();
  return { Success: false, Message: issue.message };
}
