import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYWRIGHT_CHROMIUM_FLAGS, PLAYWRIGHT_DISABLED_FEATURES } from '../../e2e/support/chromium-flags.ts';

/** The features the installed Playwright turns off, read from its own source of them. */
function installedPlaywrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const playwrightCore = dirname(require.resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(playwrightCore, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
  if (list === undefined) throw new Error('playwright-core no longer lists disabledFeatures where it did');
  return [...list.matchAll(/^\s*"([A-Za-z0-9]+)"/gm)].map((match) => match[1] ?? '');
}

describe('the browser tests’ Chromium flags', () => {
  it('carry every feature the installed Playwright turns off, since Chromium obeys only the last list', () => {
    const installed = installedPlaywrightDisabledFeatures();
    expect(installed.length).toBeGreaterThan(10);
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...installed].sort());
  });

  it('give Chromium one --disable-features, with the address bar’s popup in it', () => {
    const lists = PLAYWRIGHT_CHROMIUM_FLAGS.filter((flag) => flag.startsWith('--disable-features='));
    expect(lists).toHaveLength(1);
    const features = lists[0]?.slice('--disable-features='.length).split(',') ?? [];
    expect(features).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup']));
  });
});
