import { expect, type Page, test } from '@playwright/test';
import { addOwnTenant, ownTenantNames } from './cli';
import { homeFields, readHistory, selectedAccountId } from './reading-report';
import { openSignedIn, type SignedInUser } from './stored-session';

// The offline browser tests write to a meter of their own (one point 'Energi', no readings), in a
// tenant made anew for each test, run and retry: no test meets another's readings, so they run in
// parallel.
export const OFFLINE_LOCATION = 'Nørrevang 4, kælder';
export const OFFLINE_METER = 'Varmemåler (fjernaflæst)';

/** The offline tests' tenant: one account with the offline meter, and its meter reader (role 0). */
export function addOfflineTenant(): { email: string; password: string } {
  // The worker's number too: tests in two workers may ask for a tenant in the same millisecond.
  const worker = test.info().parallelIndex;
  const names = ownTenantNames(`Offline ${worker}`, `offline${worker}`);
  addOwnTenant(names, {
    address: { address: 'Nørrevang 4', postal: '5000', town: 'Odense C' },
    location: OFFLINE_LOCATION,
    meters: [{ name: OFFLINE_METER, type: 'heat', serial: `OFF-${names.run}`, points: { Energi: 'MWh' } }],
    user: { name: 'Offline aflæser', role: 0 },
  });
  return { email: names.email, password: names.password };
}

/**
 * `test` with `reader`: the meter reader of a tenant made for this test alone. The CLI runs have the
 * minute the group's beforeAll had before the tests were independent.
 */
export const offlineTest = test.extend<{ reader: { email: string; password: string } }>({
  reader: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from its first parameter.
    async ({}, use) => {
      await use(addOfflineTenant());
    },
    { timeout: 60_000 },
  ],
});

/**
 * Fires a Background Sync event at the app's service worker through the DevTools protocol, as
 * Chromium does when the connection returns.
 */
export async function dispatchBackgroundSync(page: Page, tag: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const active = registrations.find((registration) => !registration.isDeleted);
      if (active) resolve(active.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(page.url()).origin,
    registrationId,
    tag,
    lastChance: false,
  });
  await cdp.detach();
}

export function waitingButton(page: Page) {
  return page.getByRole('button', { name: /^Afventer afsendelse: \d+$/ });
}

/** Chooses the offline meter (the location may have been restored after the last SEND). */
export async function chooseOfflineMeter(page: Page): Promise<void> {
  const fields = homeFields(page);
  await fields.location.selectOption({ label: OFFLINE_LOCATION });
  await fields.meter.selectOption({ label: OFFLINE_METER });
}

/** Types `value` and presses SEND without a connection: the reading is kept on the device. */
export async function sendKept(page: Page, value: string): Promise<void> {
  const fields = homeFields(page);
  await fields.value('Energi').fill(value);
  await fields.send.click();
  // The form resets once the reading is kept (the alert of the SEND before may still be shown).
  await expect(fields.value('Energi')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('alert-banner')).toHaveText(
    'Målingen er gemt på enheden og sendes automatisk',
  );
}

/** The offline meter's stored readings, read from the API with the page's session. */
export async function storedOfflineReadings(page: Page) {
  const accountId = await selectedAccountId(page);
  const ids = await page.evaluate(
    ({ location, meter }) => {
      const stored = JSON.parse(window.sessionStorage.getItem('gatewaylist') ?? 'null') as {
        gateways: { GatewayId: number; Name: string; DeviceList: { DeviceId: number; Name: string }[] }[];
      };
      const gateway = stored.gateways.find((candidate) => candidate.Name === location);
      const device = gateway?.DeviceList.find((candidate) => candidate.Name === meter);
      return { gatewayId: gateway?.GatewayId ?? 0, deviceId: device?.DeviceId ?? 0 };
    },
    { location: OFFLINE_LOCATION, meter: OFFLINE_METER },
  );
  return readHistory(page, accountId, ids);
}

/** Opens the app signed in (from a stored session) and waits until it works without a connection. */
export async function openOfflineReady(page: Page, user: SignedInUser): Promise<void> {
  await openSignedIn(page, user);
  await waitForOfflineReady(page);
}

/**
 * Waits until the service worker controls the page, so every chunk is precached and the app works
 * once the connection is cut (tests that use it allow service workers).
 */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}
