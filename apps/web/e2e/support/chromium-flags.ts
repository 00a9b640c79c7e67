/**
 * How Chromium runs on these machines (toolchain.md): headless, as root, and with nothing that would
 * reach for the network, which is closed here. Shared by the browser tests and the benches.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The features Playwright 1.65 turns off itself (its chromiumSwitches.ts). Chromium obeys only the
 * last `--disable-features` it is given, and Playwright puts ours after its own, so a list of ours
 * must carry Playwright's too (apps/web/test/e2e-support/chromium-flags.test.ts compares them).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156's headless mode is the full browser: each window preloads its address bar's popup as a
 * web page in a renderer of its own, which redraws on every navigation and URL change. Nobody sees it
 * here; in the browser tests it cost about as much CPU as the page under test (a sign-in: 0.8 of 2.8
 * CPU-s; docs/performance.md, the test suite).
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/** The flags of a Chromium that Playwright starts: the shared ones, without the address bar's popup. */
export const PLAYWRIGHT_CHROMIUM_FLAGS = [
  ...CHROMIUM_FLAGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];
