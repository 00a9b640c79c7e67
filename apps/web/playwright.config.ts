import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_FLAGS } from './e2e/support/chromium-flags.ts';

// Browser tests run the built app (`npm run build` first) on the real API server with a fresh demo
// database per run. Workers load this file too: they reuse the run's folder through the environment.
const PORT = Number(process.env.E2E_PORT ?? 18181);
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'maaler-e2e-'));
// argon2id at its least cost for the servers and CLI runs the tests start (apps/api's passwords.ts):
// every sign-in and every user the tests add would otherwise cost 20-50 ms of a core. Never in production.
process.env.TEST_ONLY_LOW_PASSWORD_HASH_COST ??= '1';
export const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * Where each axe check leaves its results for the WAS-Tool report (docs/accessibility.md): emptied once
 * at the start of a run by the main process; the workers inherit the variable and only write.
 */
export const AXE_RESULTS_DEFAULT = fileURLToPath(new URL('./accessibility-results/axe', import.meta.url));
if (!process.env.AXE_RESULTS_DIR) {
  process.env.AXE_RESULTS_DIR = AXE_RESULTS_DEFAULT;
  rmSync(AXE_RESULTS_DEFAULT, { recursive: true, force: true });
  mkdirSync(AXE_RESULTS_DEFAULT, { recursive: true });
}

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  // One retry, so a single timing hiccup on a loaded machine does not fail the run; the summary
  // names such tests as flaky. The same with or without `CI` set: `.ci/run` is the README's command.
  retries: 1,
  forbidOnly: Boolean(process.env.CI),
  // Loaded machines have run the suite at half the speed of a quiet one (14.9 against 8 minutes), with
  // or without `CI` set. These are limits on waiting, never measures of speed (bench/ is).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    // The service worker is tested on its own (service-worker.spec.ts); elsewhere it would hide
    // requests from page.route.
    serviceWorkers: 'block',
    // A failed test's trace keeps its DOM snapshots (what each step saw) but no film of screenshots:
    // Chromium's screencast for every test cost a quarter of the wall time of guard.spec.ts and
    // version-check.spec.ts (docs/performance.md, the test suite).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: PLAYWRIGHT_CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The production bundle that `npm run build` makes, as `npm start` runs it.
    command: 'node --enable-source-maps ../api/dist/server.js',
    url: `${baseURL}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      TEST_ONLY_LOW_PASSWORD_HASH_COST: '1',
      // What e2e/trust-pages.spec.ts finds on the accessibility statement and the privacy page.
      OPERATOR_NAME: 'Demo Forsyning A/S',
      OPERATOR_CONTACT: 'privatliv@eksempel.dk',
      ACCESSIBILITY_CONTACT: 'tilgaengelighed@eksempel.dk',
      ACCESSIBILITY_PHONE: '+45 70 10 20 30',
      // Not the default, so the privacy page's periods are seen to come from the configuration.
      RETENTION_LOGIN_EVENTS_DAYS: '60',
    },
  },
});
