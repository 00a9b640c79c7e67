/** A non-2xx answer from the web API, with the parsed body (JSON when possible, else text). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(messageOf(body) ?? `HTTP ${status}`);
  }

  /** The server's `Message` (or a 406's `validationError`), when it sent one. */
  get serverMessage(): string | undefined {
    return messageOf(this.body);
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['Message', 'validationError']) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}
