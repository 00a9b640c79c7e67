import { expect, type Page, test } from '@playwright/test';
import { routeTenantForFile } from './support/route-tenant';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// `Ingen adgang` → the resident finishes (issue 35, ADR 044): a reader who cannot reach a meter whose
// resident has an e-mail skips it, and the server sends the resident the self-reading link at once.
// On a route of its own (support/route-tenant.ts) whose houses all have a resident.

const PHONE = { width: 375, height: 740 };

test.describe.configure({ mode: 'serial' });

const reader = routeTenantForFile({ residents: true });

async function skip(page: Page, reason: string): Promise<void> {
  await page.getByRole('button', { name: 'Spring over' }).click();
  const dialog = page.getByRole('dialog', { name: 'Spring over' });
  await dialog.getByLabel(reason).check();
  await dialog.getByRole('button', { name: 'Spring over' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('Ingen adgang and the resident', () => {
  test.use({ viewport: PHONE });

  test('skipping a meter with Ingen adgang sends its resident the link: Link sendt til beboeren', async ({
    page,
  }) => {
    await openSignedIn(page, reader);
    await page.getByRole('button', { name: 'Rute' }).click();
    const route = page.getByRole('dialog', { name: 'Rute' });
    await route.getByRole('button', { name: 'Hybenvej 1 Serienr. HYB-001 Mangler' }).click();
    await expect(route).toBeHidden();

    await skip(page, 'Ingen adgang');
    const banner = page.getByTestId('alert-banner');
    await expect(banner).toHaveText('Hybenvej 1 er sprunget over. Link sendt til beboeren');
    await expect(page.getByTestId('route-announcement')).toHaveText('Næste måler: Hybenvej 3');
    await expectSoundScreen(page);

    // Another reason sends nothing: the alert says only that the meter was skipped.
    await skip(page, 'Måler defekt');
    await expect(banner).toHaveText('Hybenvej 3 er sprunget over');
  });
});
