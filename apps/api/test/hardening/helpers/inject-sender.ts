import type { HttpAnswer, HttpRequest } from '@maaler/test-support/http-client';
import type { TestApp } from '../../helpers/test-app.ts';

/** The in-process app behind the same request shape the HTTP client takes. */
export function injectSender(t: TestApp): (request: HttpRequest) => Promise<HttpAnswer> {
  return async ({ method, path, token, body, headers }) => {
    const res = await t.inject({
      method,
      url: path,
      token,
      ...(body === undefined ? {} : { payload: body as object }),
      headers,
    });
    let parsed: unknown = res.body;
    try {
      parsed = res.json();
    } catch {
      // Not JSON: keep the text for the failure message.
    }
    return { status: res.statusCode, body: parsed };
  };
}
