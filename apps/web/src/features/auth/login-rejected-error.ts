/** The server answered `Success: false`; `message` is its Danish text. */
export class LoginRejectedError extends Error {
  override readonly name = 'LoginRejectedError';
}
