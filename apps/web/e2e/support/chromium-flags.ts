/**
 * How Chromium runs on these machines (toolchain.md): headless, as root, and with nothing that would
 * reach for the network, which is closed here. Shared by the browser tests and the Lighthouse bench.
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
  // Chromium 156's headless mode is the full browser: each window preloads its address bar's popup as
  // a web page in a renderer of its own, which redraws on every navigation and URL change. Nobody sees
  // it here; in the browser tests it cost about as much CPU as the page under test (a sign-in: 0.8 of
  // 2.8 CPU-s; docs/performance.md, the test suite).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];
