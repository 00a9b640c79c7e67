import { expect, test } from '@playwright/test';

test.use({ serviceWorkers: 'allow' });

test('the service worker registers once the app is idle and precaches index.html only as the offline fallback', async ({
  page,
}) => {
  await page.goto('/login');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true);
  expect(cached.filter((path) => path === '/' || path.endsWith('.html'))).toEqual(['/index.html']);
  expect(cached.filter((path) => path.includes('version.json'))).toEqual([]);

  // Pages come from the network while it is there: a reload through the worker shows what the server
  // serves now, not a cached copy.
  await page.context().route('**/login', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="da"><title>Ny udgave</title></html>',
    }),
  );
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveTitle('Ny udgave');
});

test('the service worker, the manifest and index.html are revalidated on every load, also when sent compressed', async ({
  request,
}) => {
  for (const path of ['/sw.js', '/manifest.webmanifest', '/index.html', '/home']) {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await request.get(path, { headers: { 'accept-encoding': encoding } });
      expect(response.status(), `${path} (${encoding})`).toBe(200);
      expect(response.headers()['cache-control'], `${path} (${encoding})`).toBe('no-cache');
    }
  }
});
