import type { Page } from '@playwright/test';

/**
 * Sends a batch of readings with the page's own session (token and XSRF cookie), as SEND does;
 * returns the answer's status. For setting up what a test then looks at on screen.
 */
export function postReadingsAsPage(page: Page, accountId: string, body: object[]): Promise<number> {
  return postAsPage(page, `/api/gateway/manualregisterdeviceitemdata/${accountId}`, body);
}

/** A JSON POST to `path` with the page's own session; returns the answer's status. */
export async function postAsPage(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ path, body }) => {
      const xsrf = document.cookie
        .split('; ')
        .find((part) => part.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const response = await fetch(path, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${window.sessionStorage.getItem('token')}`,
          'Content-Type': 'application/json',
          'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? ''),
        },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { path, body },
  );
}
