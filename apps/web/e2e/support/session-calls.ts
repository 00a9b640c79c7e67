import type { Page } from '@playwright/test';

/**
 * Sends a batch of readings with the page's own session (token and XSRF cookie), as SEND does;
 * returns the answer's status. For setting up what a test then looks at on screen.
 */
export async function postReadingsAsPage(page: Page, accountId: string, body: object[]): Promise<number> {
  return page.evaluate(
    async ({ accountId, body }) => {
      const xsrf = document.cookie
        .split('; ')
        .find((part) => part.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const response = await fetch(`/api/gateway/manualregisterdeviceitemdata/${accountId}`, {
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
    { accountId, body },
  );
}
