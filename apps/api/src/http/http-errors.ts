import { messages } from '../messages.ts';

/** An error whose status and JSON body go to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    options?: { headers?: Record<string, string> },
  ) {
    super(typeof body.Message === 'string' ? body.Message : `HTTP ${statusCode}`);
    this.headers = options?.headers ?? {};
  }
  readonly headers: Record<string, string>;
}

/** Same answer for "does not exist" and "not yours", so ids cannot be probed. */
export const notFound = () => new HttpError(404, { Message: messages.notFound });
export const forbidden = () => new HttpError(403, { Message: messages.forbidden });
export const unauthorized = () => new HttpError(401, { Message: messages.unauthorized });
/** While the reset flag is set, only the password change, the current user and logout answer. */
export const passwordResetRequired = () => new HttpError(403, { Message: messages.passwordResetRequired });
export const badRequest = (message: string = messages.badRequest) => new HttpError(400, { Message: message });
/** The contract's reading-validation answer. */
export const readingRejected = (validationError: string) => new HttpError(406, { validationError });
