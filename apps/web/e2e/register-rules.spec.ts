import { toDanishDate } from '@maaler/contract';
import { expect, type Page, test } from '@playwright/test';
import { openAdminSection } from './support/administration';
import { addOwnTenant, ownTenantNames } from './support/cli';
import {
  chooseMeter,
  danishToday,
  daysBefore,
  homeFields,
  isReadingPost,
  pickDate,
  sendAndExpectStored,
} from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// The hard rules of ADR 020 on a tenant of its own, made with the operator's CLI: 'Vandmåler B' has a
// register of 5 digits that only counts up and was installed 10 days ago; 'Vandmåler A' declares
// nothing until the administrator does. Each run (and retry) makes a new tenant.
test.describe.configure({ mode: 'serial' });

const tenant = ownTenantNames('Tællerhuse', 'taeller');
const LOCATION = 'Tællervej 1, kælder';
const today = danishToday();
const installedOn = daysBefore(today.iso, 10);

test.beforeAll(() => {
  addOwnTenant(tenant, {
    address: { address: 'Tællervej 1', postal: '7100', town: 'Vejle' },
    location: LOCATION,
    meters: [
      { name: 'Vandmåler A', type: 'water', serial: `TA-${tenant.run}`, points: { Volumen: 'm³' } },
      {
        name: 'Vandmåler B',
        type: 'water',
        serial: `TB-${tenant.run}`,
        installedOn,
        points: { Volumen: { unit: 'm³', digits: 5, countsUpOnly: true } },
      },
    ],
    user: { name: 'Tina Tæller', role: 1 },
  });
});

async function signInHome(page: Page): Promise<void> {
  await openSignedIn(page, tenant);
}

test('the form shows the refusal of a value the register cannot have as the field’s error, and sends nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await signInHome(page);
  const fields = homeFields(page);
  const volume = fields.value('Volumen');

  // The first reading of the new meter, five days ago, is sent as usual (one on the same day would
  // be the one a new value replaces, so no comparison).
  const firstDay = daysBefore(today.iso, 5);
  await chooseMeter(page, LOCATION, 'Vandmåler B');
  await pickDate(page, firstDay);
  await volume.fill('100');
  await sendAndExpectStored(page);
  await expect(page.getByText('Måling er nu registreret')).toBeVisible();

  let posts = 0;
  page.on('request', (request) => {
    if (isReadingPost(request)) posts++;
  });
  await expect(fields.location.locator('option:checked')).toHaveText(LOCATION);
  await fields.meter.selectOption({ label: 'Vandmåler B' });
  await expect(page.getByText(`Sidste indberettet måling: 100 (${toDanishDate(firstDay)})`)).toBeVisible();
  await pickDate(page, today.iso);

  await volume.fill('99,5');
  await volume.press('Tab');
  await expect(
    page.getByText(
      `Værdi for målepunktet "Volumen" må ikke være lavere end aflæsningen 100 den ${toDanishDate(firstDay)}: tælleværket tæller kun op`,
    ),
  ).toBeVisible();
  await expect(volume).toHaveAttribute('aria-invalid', 'true');
  await expect(fields.send).toBeDisabled();
  await expectSoundScreen(page);

  await volume.fill('123456');
  await expect(
    page.getByText('Værdi for målepunktet "Volumen" har flere cifre før kommaet, end tælleværket har (5)'),
  ).toBeVisible();
  await volume.fill('101');
  await expect(fields.send).toBeEnabled();

  // A date before the meter was put in place is the date field's error.
  await pickDate(page, daysBefore(installedOn, 1));
  await expect(
    page.getByText(`Datoen må ikke være før målerens opsætning ${toDanishDate(installedOn)}`),
  ).toBeVisible();
  await expect(fields.send).toBeDisabled();
  await volume.press('Enter');
  await expectSoundScreen(page);
  expect(posts).toBe(0);
});

test('the administrator declares a register and an installation day in Målere', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await signInHome(page);
  await page.getByRole('link', { name: 'Administration' }).click();
  const section = await openAdminSection(page, 'Målere');
  const meterA = section.getByRole('article', { name: 'Vandmåler A' });
  const meterB = section.getByRole('article', { name: 'Vandmåler B' });
  await expect(meterB).toContainText('Volumen (m³) · 5 cifre · tæller kun op');
  await expect(meterB).toContainText(`opsat ${toDanishDate(installedOn)}`);
  const status = section.getByRole('status').first();

  await meterA.getByRole('button', { name: 'Ret målepunktet Volumen' }).click();
  const digits = section.getByLabel('Antal cifre på tælleværket');
  await digits.fill('13');
  await section.getByRole('button', { name: 'Gem' }).click();
  await expect(section.getByRole('alert')).toContainText(
    'Antal cifre på tælleværket skal være et helt tal fra 1 til 12',
  );
  await expectSoundScreen(page);
  await digits.fill('6');
  await section.getByLabel('Tælleværket tæller kun op (nulstilles aldrig)').check();
  await section.getByRole('button', { name: 'Gem' }).click();
  await expect(status).toHaveText('Volumen er gemt');
  await expect(meterA).toContainText('Volumen (m³) · 6 cifre · tæller kun op');

  await meterA.getByRole('button', { name: 'Ret måleren Vandmåler A' }).click();
  await section.getByLabel('Opsætningsdato').fill(installedOn);
  await section.getByRole('button', { name: 'Gem' }).click();
  await expect(status).toHaveText('Vandmåler A er gemt');
  await expect(meterA).toContainText(`opsat ${toDanishDate(installedOn)}`);
  await expectSoundScreen(page);
});
