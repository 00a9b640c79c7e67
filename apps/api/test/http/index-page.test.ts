import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexPageFor } from '../../src/http/index-page.ts';

const INDEX = '<html><head><title>x</title></head><body></body></html>';

function builtApp(preloads?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'maaler-index-page-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  if (preloads !== undefined) writeFileSync(join(dir, 'route-preloads.json'), preloads);
  return dir;
}

describe('indexPageFor', () => {
  it("names the page's route files as low-priority preloads before </head>", async () => {
    const dir = builtApp(
      JSON.stringify({ '/home': { scripts: ['/assets/home-1.js'], styles: ['/assets/home-2.css'] } }),
    );
    expect(await indexPageFor(dir, '/home')).toBe(
      '<html><head><title>x</title>' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home-1.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/home-2.css"></head><body></body></html>',
    );
  });

  it('sends index.html unchanged for a page without preloads, and without the preload file', async () => {
    const dir = builtApp(JSON.stringify({ '/home': { scripts: ['/assets/home-1.js'], styles: [] } }));
    expect(await indexPageFor(dir, '/login')).toBe(INDEX);
    expect(await indexPageFor(builtApp(), '/home')).toBe(INDEX);
    expect(await indexPageFor(builtApp('not json'), '/home')).toBe(INDEX);
  });

  it('escapes the file names it writes into attributes', async () => {
    const dir = builtApp(JSON.stringify({ '/home': { scripts: ['/a"><script>x</script>.js'], styles: [] } }));
    const page = await indexPageFor(dir, '/home');
    expect(page).toContain('href="/a&quot;>&lt;script>x&lt;/script>.js"');
    expect(page).not.toContain('<script>');
  });
});
