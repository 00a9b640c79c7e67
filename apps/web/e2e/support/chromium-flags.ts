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
];
