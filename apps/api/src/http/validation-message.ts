import { messages } from '../messages.ts';

/**
 * What a refused request body answers: the schema's own message when it is one of our Danish texts,
 * otherwise the general one, since Zod's default messages are English.
 */
export function validationMessage(message: string | null | undefined): string {
  return message && !/^(Invalid|Expected|Too|Unrecognized|Required|String must|Number must)/.test(message)
    ? message
    : messages.badRequest;
}
