import { readFileSync } from 'node:fs';
import { IMPORT_EXAMPLE_ROWS, toDanishDate } from '@maaler/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addCustomerWithAccount, addUser, ownTenantNames } from './support/cli';
import { danishToday, daysBefore } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { openSignedIn } from './support/stored-session';

// 'Importér' (issue 18, ADR 018) on a tenant of its own made with the operator's CLI (a customer, an
// empty account, an administrator): both kinds of file, first with a bad row (its line and reason are
// shown and nothing is stored), then fixed and imported, then the same file again changes nothing.
// Keyboard only once the file is chosen (a file dialog is the browser's own), at 375 px.
// Each test checks several screens with axe, on a shared 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const tenant = ownTenantNames('Importhuse', 'import');
const SERIAL = `IMP-${tenant.run}`;
const today = danishToday().iso;

test.beforeAll(() => {
  addCustomerWithAccount(
    { name: tenant.customer, address: 'Importvej 1', postal: '8000', town: 'Aarhus' },
    tenant.account,
  );
  addUser({
    email: tenant.email,
    name: 'Ida Import',
    role: 1,
    customer: tenant.customer,
    password: tenant.password,
  });
});

const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`),
});

async function openImport(page: Page): Promise<Locator> {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page, tenant);
  await page.goto('/administration/import');
  await expect(page.getByLabel('Konto').locator('option:checked')).toHaveText(tenant.account);
  return page.getByRole('region', { name: 'Importér' });
}

/** Chooses the file, then with the keyboard only: Tab to 'Kontrollér fil' and Enter. */
async function checkFile(page: Page, section: Locator, file: ReturnType<typeof csvFile>) {
  const input = section.getByLabel('Fil (CSV, Excel .xlsx eller wmbusmeters .json)');
  await input.setInputFiles(file);
  await input.focus();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Kontrollér fil' })).toBeFocused();
  await page.keyboard.press('Enter');
}

/** 'Importér' with the keyboard: Tab from 'Kontrollér fil' (focused after a check) and Enter. */
async function applyFile(page: Page, section: Locator) {
  await section.getByRole('button', { name: 'Kontrollér fil' }).focus();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Importér' })).toBeFocused();
  await page.keyboard.press('Enter');
}

const METERS_HEADING = 'Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed';
const GOOD_METERS = [
  METERS_HEADING,
  `Importvej 1, kælder;Importvej 1;Varmemåler;${SERIAL};Varme;Energi;kWh`,
  `Importvej 1, kælder;;Varmemåler;${SERIAL};Varme;Volumen;m³`,
];

test.describe('Importér', () => {
  test('meters: a bad row shows its line and reason and imports nothing; fixed, it imports; again, nothing changes', async ({
    page,
  }) => {
    const section = await openImport(page);
    await expect(section.getByLabel('Hvad vil du importere?').locator('option:checked')).toHaveText(
      'Lokationer, målere og målepunkter',
    );
    // Issue 33 §12: a Danish `Vælg fil` button, whatever the browser's language; the keyboard opens
    // the chooser from the (visually hidden) input, whose focus shows on the button.
    const fileInput = section.getByLabel('Fil (CSV, Excel .xlsx eller wmbusmeters .json)');
    await expect(section.getByText('Vælg fil', { exact: true })).toBeVisible();
    await expect(fileInput).toHaveAccessibleDescription('Ingen fil valgt');
    await fileInput.focus();
    await expect(section.getByText('Vælg fil', { exact: true })).toHaveCSS('outline-style', 'solid');
    const [fromKeyboard] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.keyboard.press('Enter'),
    ]);
    await fromKeyboard.setFiles(csvFile('valgt.csv', [METERS_HEADING]));
    await expect(fileInput).toHaveAccessibleDescription('valgt.csv');
    const [fromClick] = await Promise.all([
      page.waitForEvent('filechooser'),
      section.getByText('Vælg fil', { exact: true }).click(),
    ]);
    expect(fromClick.isMultiple()).toBe(false);
    const bad = [...GOOD_METERS];
    bad[2] = `Importvej 1, kælder;;Varmemåler;${SERIAL};Damp;Volumen;m³`;
    await checkFile(page, section, csvFile('maalere.csv', bad));
    await expect(section.getByRole('status')).toContainText('Filen har fejl i 1 række; intet er importeret');
    const errors = section.getByRole('table', { name: 'Rækker med fejl' });
    await expect(errors.getByRole('row').nth(1)).toHaveText(
      '3TypeType skal være Varme, Vand, El, Gas eller Andet',
    );
    await expect(section.getByRole('button', { name: 'Importér' })).toBeDisabled();
    await expectSoundScreen(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await section.screenshot({ path: '/tmp/screens/administration-import.png' });

    const [report] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Hent fejlrapport' }).click(),
    ]);
    expect(report.suggestedFilename()).toBe('fejlrapport.csv');
    expect(readFileSync((await report.path()) ?? '', 'utf8')).toBe(
      '\uFEFFLinje;Kolonne;Fejl\r\n3;Type;Type skal være Varme, Vand, El, Gas eller Andet\r\n',
    );

    await checkFile(page, section, csvFile('maalere.csv', GOOD_METERS));
    // Nothing of the bad file was stored: the fixed one still creates both rows.
    await expect(section.getByRole('status')).toContainText('Filen er kontrolleret: 2 rækker uden fejl');
    await expect(section.getByRole('status')).toContainText('Oprettes: 2. Ændres: 0. Uændret: 0.');
    await applyFile(page, section);
    await expect(section.getByRole('status')).toContainText('Importeret: 2 rækker');
    await expect(section.getByRole('status')).toContainText('Oprettet: 2. Ændret: 0. Uændret: 0.');
    await expect(section.getByRole('button', { name: 'Importér' })).toBeDisabled();

    await checkFile(page, section, csvFile('maalere.csv', GOOD_METERS));
    await expect(section.getByRole('status')).toContainText('Oprettes: 0. Ændres: 0. Uændret: 2.');
    await expectSoundScreen(page);
  });

  test('readings: a future date is refused with its line and nothing is stored; fixed, they import as import; again, nothing changes', async ({
    page,
  }) => {
    const section = await openImport(page);
    const kind = section.getByLabel('Hvad vil du importere?');
    await kind.focus();
    await page.keyboard.press('ArrowDown');
    await expect(kind.locator('option:checked')).toHaveText('Aflæsninger');
    await expect(section).toContainText('Kolonner: Serienummer, Målepunkt, Dato, Værdi.');

    const yesterday = toDanishDate(daysBefore(today, 1));
    const good = [
      'Serienummer;Målepunkt;Dato;Værdi',
      `${SERIAL};Energi;${yesterday};1234,5`,
      `${SERIAL.toLowerCase()};Volumen;${daysBefore(today, 1)};17`,
    ];
    const bad = [...good, `${SERIAL};Energi;${toDanishDate(daysBefore(today, -2))};1240`];
    await checkFile(page, section, csvFile('aflaesninger.csv', bad));
    const errors = section.getByRole('table', { name: 'Rækker med fejl' });
    await expect(errors.getByRole('row').nth(1)).toHaveText('4DatoDato må ikke være efter dags dato');
    await expect(section.getByRole('button', { name: 'Importér' })).toBeDisabled();
    await expectSoundScreen(page);

    await checkFile(page, section, csvFile('aflaesninger.csv', good));
    await expect(section.getByRole('status')).toContainText('Oprettes: 2. Ændres: 0. Uændret: 0.');
    await applyFile(page, section);
    await expect(section.getByRole('status')).toContainText('Importeret: 2 rækker');

    await checkFile(page, section, csvFile('aflaesninger.csv', good));
    await expect(section.getByRole('status')).toContainText('Oprettes: 0. Ændres: 0. Uændret: 2.');
    await applyFile(page, section);
    await expect(section.getByRole('status')).toContainText('Oprettet: 0. Ændret: 0. Uændret: 2.');
    await expectSoundScreen(page);

    // The template of the kind chosen.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Hent skabelon (CSV)' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('skabelon-aflaesninger.csv');
    expect(readFileSync((await template.path()) ?? '', 'utf8')).toBe(
      `\uFEFFSerienummer;Målepunkt;Dato;Værdi\r\n${IMPORT_EXAMPLE_ROWS.readings.join(';')}\r\n`,
    );
  });

  test('remote readings: a wmbusmeters file with an unknown radio id shows its line; fixed, its values import as Fjernaflæst', async ({
    page,
  }) => {
    const section = await openImport(page);
    const radioId = `7${tenant.run}`.slice(0, 12);
    await checkFile(
      page,
      section,
      csvFile('fjernaflaeste.csv', [
        `${METERS_HEADING};Fjernaflæst;Radio-id`,
        `Importvej 1, kælder;;Vandmåler;REM-${tenant.run};Vand;Volumen;m3;ja;${radioId}`,
      ]),
    );
    await applyFile(page, section);
    await expect(section.getByRole('status')).toContainText('Importeret: 1 række');

    const kind = section.getByLabel('Hvad vil du importere?');
    await kind.selectOption({ label: 'Aflæsninger' });
    const yesterday = `${daysBefore(today, 1)}T05:00:00Z`;
    const telegram = (id: string, total: number) =>
      JSON.stringify({
        media: 'water',
        meter: 'multical21',
        id,
        total_m3: total,
        current_status: 'OK',
        timestamp: yesterday,
      });
    const wmbus = (lines: string[]) => ({
      name: 'wmbusmeters.json',
      mimeType: 'application/json',
      buffer: Buffer.from(`${lines.join('\n')}\n`),
    });
    await checkFile(page, section, wmbus([telegram(radioId, 12.5), telegram('00000000', 3)]));
    const errors = section.getByRole('table', { name: 'Rækker med fejl' });
    await expect(errors.getByRole('row').nth(1)).toHaveText(
      '2Radio-idIngen fjernaflæst måler på kontoen har radio-id 00000000',
    );
    await expect(section.getByRole('button', { name: 'Importér' })).toBeDisabled();
    await expectSoundScreen(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await section.screenshot({ path: '/tmp/screens/import-wmbusmeters.png' });

    await checkFile(page, section, wmbus([telegram(radioId, 12.5)]));
    await expect(section.getByRole('status')).toContainText('Oprettes: 1. Ændres: 0. Uændret: 0.');
    await applyFile(page, section);
    await expect(section.getByRole('status')).toContainText('Importeret: 1 række');
    await checkFile(page, section, wmbus([telegram(radioId, 12.5)]));
    await expect(section.getByRole('status')).toContainText('Oprettes: 0. Ændres: 0. Uændret: 1.');
  });
});
