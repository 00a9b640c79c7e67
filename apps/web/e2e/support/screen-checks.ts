import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { recordAxeResults } from './axe-results';

const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;

/** Every class Bootstrap's full stylesheet styles, before the build purges what the app does not use. */
const bootstrapClasses = new Set(
  [
    ...readFileSync(
      createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.css'),
      'utf8',
    ).matchAll(CLASS_IN_SELECTOR),
  ].map((match) => match[1]),
);

/** Which WCAG rules fail a check: 2.0 A and AA, or those and the four rules WCAG 2.1 added. */
export type AxeStrictness = 'wcag2' | 'wcag21';

const FAILING_TAGS: Record<AxeStrictness, string[]> = {
  wcag2: ['wcag2a', 'wcag2aa'],
  wcag21: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
};

/**
 * Runs axe's WCAG 2.1 A and AA rules on the whole page and records the outcome for the WAS-Tool report
 * (support/axe-results.ts); a violation of a rule the strictness names fails with axe's description.
 * The 2.1-only rules fail only where a spec asks for it (ADR 038): elsewhere they are reported.
 */
async function expectNoAxeViolations(page: Page, strictness: AxeStrictness): Promise<void> {
  // Colours are judged as they settle: with reduced motion Bootstrap drops its transitions, so a button
  // the pointer happens to rest on is not measured halfway into its hover colours.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await new AxeBuilder({ page }).withTags(FAILING_TAGS.wcag21).analyze();
  await page.emulateMedia({ reducedMotion: null });
  await recordAxeResults(page, test.info(), results);
  const failing = FAILING_TAGS[strictness];
  const described = results.violations
    .filter((v) => v.tags.some((tag) => failing.includes(tag)))
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(described).toEqual([]);
}

/**
 * The build purges Bootstrap's stylesheet down to the classes it finds in the sources (see
 * vite-plugins/unused-css-purge.ts); a class Bootstrap styles that is on the page but missing from the
 * stylesheets the page loaded means the purge dropped rules this screen needs.
 */
async function expectBootstrapRulesShipped(page: Page): Promise<void> {
  const { used, shipped } = await page.evaluate((pattern) => {
    const classPattern = new RegExp(pattern, 'g');
    const used = new Set<string>();
    for (const element of document.querySelectorAll('[class]')) {
      for (const name of element.classList) used.add(name);
    }
    const shipped = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) {
          for (const match of rule.selectorText.matchAll(classPattern)) shipped.add(match[1] ?? '');
        }
        if ('cssRules' in rule) collect(rule.cssRules as CSSRuleList);
      }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    return { used: [...used], shipped: [...shipped] };
  }, CLASS_IN_SELECTOR.source);
  const shippedSet = new Set(shipped);
  expect(used.filter((name) => bootstrapClasses.has(name) && !shippedSet.has(name))).toEqual([]);
}

/** The checks every screen state of the browser tests passes: accessibility, and the styles it uses. */
export async function expectSoundScreen(page: Page, strictness: AxeStrictness = 'wcag2'): Promise<void> {
  // A dialog still fading in would have axe measure its colours half-way (endless animations such as
  // spinners are not transitions, so they do not hold this up).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  await expectNoAxeViolations(page, strictness);
  await expectBootstrapRulesShipped(page);
}
