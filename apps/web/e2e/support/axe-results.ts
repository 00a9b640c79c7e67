import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

/**
 * One axe run on one screen state, as the browser tests leave it for the WAS-Tool report
 * (scripts/was-tool-report.ts, docs/accessibility.md): which rules passed, failed or need a person.
 */
export type AxeCheckRecord = {
  test: string;
  /** The page's path and query, without the origin the run happened to use. */
  url: string;
  viewport: { width: number; height: number } | null;
  colorScheme: 'light' | 'dark';
  checkedAt: string;
  axeVersion: string;
  passes: RuleOutcome[];
  violations: RuleOutcome[];
  incomplete: RuleOutcome[];
};

export type RuleOutcome = { id: string; help: string; impact: string | null; tags: string[]; nodes: number };

const outcome = (result: Result): RuleOutcome => ({
  id: result.id,
  help: result.help,
  impact: result.impact ?? null,
  tags: result.tags,
  nodes: result.nodes.length,
});

/**
 * Writes one check's results as a small JSON file into AXE_RESULTS_DIR (playwright.config.ts sets it
 * anew for each run): a file per check, so parallel workers never write to the same file.
 */
export async function recordAxeResults(page: Page, testInfo: TestInfo, results: AxeResults): Promise<void> {
  const folder = process.env.AXE_RESULTS_DIR;
  if (!folder) return;
  const dark = await page.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches);
  const url = new URL(page.url());
  const record: AxeCheckRecord = {
    test: testInfo.titlePath.join(' › '),
    url: `${url.pathname}${url.search}`,
    viewport: page.viewportSize(),
    colorScheme: dark ? 'dark' : 'light',
    checkedAt: results.timestamp,
    axeVersion: results.testEngine.version,
    passes: results.passes.map(outcome),
    violations: results.violations.map(outcome),
    incomplete: results.incomplete.map(outcome),
  };
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${randomUUID()}.json`), JSON.stringify(record));
}
