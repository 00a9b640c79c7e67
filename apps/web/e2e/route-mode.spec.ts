import { expect, test } from '@playwright/test';
import { waitForOfflineReady, waitingButton } from './support/offline-capture';
import { homeFields } from './support/reading-report';
import { ROUTE_LOCATION, routeTenantForFile } from './support/route-tenant';
import { expectedValue, routeDialog, serverStatuses } from './support/route-walk';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// Route mode (issue 17) on a route of the tests' own, made anew for each run and retry
// (support/route-tenant.ts): 50 cold-water meters in route order (up the odd side, back down the
// even side). The tests run in order: the skip test skips the first meter, the offline test reads
// the next one and skips the one after without a connection, then the walk reads all others from the
// first.
test.describe.configure({ mode: 'serial' });

const reader = routeTenantForFile();

/** The meters the walk saves: all 50 but the two the offline test read and skipped. */
const WALK = 48;

test.describe('route mode', () => {
  test('Spring over records a reason (a note for Andet) and moves on along the route', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, reader);
    await page.getByRole('button', { name: 'Rute' }).click();
    const dialog = routeDialog(page);
    const meterName = 'Hybenvej 1';
    await dialog.getByRole('button', { name: `${meterName} Serienr. HYB-001 Mangler` }).click();

    await page.getByRole('button', { name: 'Spring over' }).click();
    const skip = page.getByRole('dialog', { name: 'Spring over' });
    await expect(skip).toContainText(`Hvorfor bliver ${meterName} ikke aflæst?`);
    await skip.getByLabel('Andet').check();
    await skip.getByRole('button', { name: 'Spring over' }).click();
    await expect(skip.getByRole('alert')).toHaveText('Skriv en bemærkning, når årsagen er "Andet"');
    await expectSoundScreen(page);
    await page.screenshot({ path: '/tmp/screens/route-skip-dialog.png', fullPage: true });
    await skip.getByLabel('Bemærkning').fill('Hunden i haven');
    await skip.getByRole('button', { name: 'Spring over' }).click();
    await expect(skip).toBeHidden();
    await expect(page.getByTestId('alert-banner')).toHaveText(`${meterName} er sprunget over`);
    await expect(page.getByTestId('route-announcement')).toHaveText('Næste måler: Hybenvej 3');
    await expect(homeFields(page).meter.locator('option:checked')).toHaveText('Hybenvej 3');

    await page.getByRole('button', { name: 'Rute' }).click();
    await expect(
      dialog.getByRole('button', { name: `${meterName} Serienr. HYB-001 Sprunget over` }),
    ).toBeVisible();
  });
  test.describe('without a connection', () => {
    test.use({ serviceWorkers: 'allow' });

    test("reads and skips from the device's copy, keeps both over a reload, and sends them when the connection returns", async ({
      page,
      context,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 375, height: 800 });
      await openSignedIn(page, reader);
      await waitForOfflineReady(page);
      // Opened once online, the route is kept on the device.
      await page.getByRole('button', { name: 'Rute' }).click();
      const dialog = routeDialog(page);
      await dialog.getByRole('button', { name: 'Hybenvej 3 Serienr. HYB-003 Mangler' }).click();
      const fields = homeFields(page);
      const announcement = page.getByTestId('route-announcement');
      await expect(fields.value('Volumen')).toBeFocused();

      await context.setOffline(true);
      await page.keyboard.type(await expectedValue(page, 'Volumen'));
      await page.keyboard.press('Enter');
      await expect(announcement).toHaveText('Næste måler: Hybenvej 5', { timeout: 15_000 });
      await page.getByRole('button', { name: 'Spring over' }).click();
      const skip = page.getByRole('dialog', { name: 'Spring over' });
      await skip.getByLabel('Ingen adgang').check();
      await skip.getByRole('button', { name: 'Spring over' }).click();
      await expect(skip).toBeHidden();
      await expect(page.getByTestId('alert-banner')).toHaveText(
        'Hybenvej 5 er sprunget over. Årsagen sendes, når der er forbindelse.',
      );
      await expect(announcement).toHaveText('Næste måler: Hybenvej 7');

      // 'Find måler' answers from the route on the device too, as the server would.
      await page.getByRole('button', { name: 'Find måler' }).click();
      const find = page.getByRole('dialog', { name: 'Find måler' });
      await find.getByLabel('Serienummer').fill('HYB-999');
      await page.keyboard.press('Enter');
      await expect(find.getByRole('alert')).toHaveText(
        'Der er ingen måler med serienummeret HYB-999 på denne konto.',
      );
      await find.getByLabel('Serienummer').fill('hyb-009');
      await page.keyboard.press('Enter');
      await expect(find).toBeHidden();
      await expect(announcement).toHaveText('Valgt måler: Hybenvej 9');

      // A reload without a connection: the route comes from the device, with what waits there.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Indberet måling' })).toBeVisible();
      await expect(waitingButton(page)).toHaveText('Afventer afsendelse: 1');
      await page.getByRole('button', { name: 'Rute' }).click();
      await expect(dialog.getByRole('button', { name: 'Hybenvej 3 Serienr. HYB-003 Aflæst' })).toBeVisible();
      await expect(
        dialog.getByRole('button', { name: 'Hybenvej 5 Serienr. HYB-005 Sprunget over' }),
      ).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Hybenvej 7 Serienr. HYB-007 Mangler' })).toBeVisible();
      await expectSoundScreen(page);
      await page.keyboard.press('Escape');

      // Back online, the sync's own retry sends the reading, then the skip, with their keys.
      await context.setOffline(false);
      await expect(waitingButton(page)).toHaveCount(0, { timeout: 20_000 });
      // The route follows the sync without a reload: what was sent is no longer `Mangler` (issue 33).
      await page.getByRole('button', { name: 'Rute' }).click();
      await expect(dialog.getByRole('button', { name: 'Hybenvej 3 Serienr. HYB-003 Aflæst' })).toBeVisible();
      await expect(
        dialog.getByRole('button', { name: 'Hybenvej 5 Serienr. HYB-005 Sprunget over' }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect
        .poll(async () => {
          const statuses = await serverStatuses(page);
          return ['Hybenvej 3', 'Hybenvej 5', 'Hybenvej 7'].map((name) => statuses.get(name));
        })
        .toEqual(['Aflæst', 'Sprunget over', 'Mangler']);
    });
  });

  test('walks the 50-meter route with one key press between two saves, keyboard only', async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, reader);

    const routeButton = page.getByRole('button', { name: 'Rute' });
    await routeButton.focus();
    await page.keyboard.press('Enter');
    const dialog = routeDialog(page);
    const progress = dialog.getByTestId('route-progress');
    await expect(progress).toHaveText(/^\d+ af \d+ aflæst$/);
    const readBefore = Number(((await progress.textContent()) ?? '').split(' ')[0]);
    await expect(dialog.getByRole('heading', { name: ROUTE_LOCATION })).toBeVisible();
    // The skip test left the first meter skipped, the offline test read the next one and skipped the
    // one after; the other 47 are missing.
    const skipped = dialog.getByRole('button', { name: 'Hybenvej 1 Serienr. HYB-001 Sprunget over' });
    await expect(skipped).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: /^Hybenvej \d+ Serienr\. HYB-\d{3} Mangler$/ }),
    ).toHaveCount(WALK - 1);
    await expectSoundScreen(page);
    await page.screenshot({ path: '/tmp/screens/route-list.png', fullPage: true });

    // 'Kun manglende' hides it; off again, and the route starts with it, all from the keyboard.
    const onlyMissing = dialog.getByLabel('Kun manglende');
    await onlyMissing.focus();
    await page.keyboard.press('Space');
    await expect(onlyMissing).toBeChecked();
    await expect(skipped).toHaveCount(0);
    await page.keyboard.press('Space');
    await expect(skipped).toBeVisible();
    await skipped.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const announcement = page.getByTestId('route-announcement');
    await expect(announcement).toHaveText('Valgt måler: Hybenvej 1');

    const fields = homeFields(page);
    const order: string[] = [];
    let mostKeyPresses = 0;
    for (let saved = 0; saved < WALK; saved++) {
      const meter = (await fields.meter.locator('option:checked').textContent()) ?? '';
      order.push(meter);
      await expect(fields.value('Volumen')).toBeFocused();
      // Typing the value is free; everything else the user does until the next save is counted.
      await page.keyboard.type(await expectedValue(page, 'Volumen'));
      let keyPresses = 0;
      await page.keyboard.press('Enter');
      keyPresses++;
      mostKeyPresses = Math.max(mostKeyPresses, keyPresses);
      if (saved === 0) {
        await expect(announcement).toHaveText(/^Næste måler: Hybenvej \d+$/);
        await page.screenshot({ path: '/tmp/screens/route-next-meter.png', fullPage: true });
      }
      if (saved < WALK - 1) await expect(announcement).not.toHaveText(`Næste måler: ${meter}`);
    }
    console.log(`Route walk: ${WALK} saves, at most ${mostKeyPresses} key press between two saves.`);
    expect(mostKeyPresses).toBeLessThanOrEqual(2);
    // Up the odd side, back down the even side.
    expect(order.slice(0, 3)).toEqual(['Hybenvej 1', 'Hybenvej 7', 'Hybenvej 9']);
    expect(order.slice(-2)).toEqual(['Hybenvej 4', 'Hybenvej 2']);

    await routeButton.click();
    await expect(dialog).toBeVisible();
    // The route is loaded again after the last save; on a busy machine that may take a while.
    await expect(progress).toHaveText(new RegExp(`^${readBefore + WALK} af \\d+ aflæst$`), {
      timeout: 15_000,
    });
    await expect(
      dialog.getByRole('button', { name: /^Hybenvej \d+ Serienr\. HYB-\d{3} Mangler$/ }),
    ).toHaveCount(0);
  });

  test('Find måler finds a meter of the account by its serial number, in any case, and only there', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, reader);
    await page.getByRole('button', { name: 'Find måler' }).click();
    const find = page.getByRole('dialog', { name: 'Find måler' });
    const serial = find.getByLabel('Serienummer');
    await expect(serial).toBeFocused();

    // KAM-603-112233 is a meter of Søparken, another customer's account.
    for (const other of ['HYB-999', 'KAM-603-112233']) {
      await serial.fill(other);
      await page.keyboard.press('Enter');
      await expect(find.getByRole('alert')).toHaveText(
        `Der er ingen måler med serienummeret ${other} på denne konto.`,
      );
    }
    await expectSoundScreen(page);

    await serial.fill('hyb-010');
    await page.keyboard.press('Enter');
    await expect(find).toBeHidden();
    const fields = homeFields(page);
    await expect(fields.location.locator('option:checked')).toHaveText(ROUTE_LOCATION);
    await expect(fields.meter.locator('option:checked')).toHaveText('Hybenvej 10');
    await expect(page.getByTestId('route-announcement')).toHaveText('Valgt måler: Hybenvej 10');
    await expect(fields.value('Volumen')).toBeFocused();
  });
});
