import { expect, test } from '@playwright/test';
import { demoUsers, expectHome, fillLogin } from './support/auth';
import { homeFields } from './support/reading-report';
import { expectSoundScreen } from './support/screen-checks';
import { expectFooterAfterMain, siteFooter } from './support/site-footer';
import { openSignedIn } from './support/stored-session';

// Issue 39 (ADR 038): the accessibility statement and the privacy page, public and linked from a
// footer on every page. The operator's texts are what playwright.config.ts gives the server. Only
// reads: the demo data stays as it was.

const PHONE = { width: 375, height: 740 };

test.describe('trust pages', () => {
  test.use({ viewport: PHONE });

  test('every page has the footer below its content, reached by Tab after the main content: login, customers, home, administration', async ({
    page,
  }) => {
    await page.goto('/login');
    await expectFooterAfterMain(page);

    await fillLogin(page, demoUsers.admin);
    await expect(page.getByRole('heading', { level: 1, name: 'Vælg kunde' })).toBeVisible({
      timeout: 20_000,
    });
    await expectFooterAfterMain(page);

    await page.getByRole('button', { name: /^Vælg Ejendomsselskabet Nørrevang/ }).click();
    await expectHome(page);
    // `Find måler` renders once the form has painted (ADR 055), after the network may already be idle.
    await expect(page.getByRole('button', { name: 'Find måler' })).toBeVisible();
    await expectFooterAfterMain(page);

    await page.getByRole('link', { name: 'Administration' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeFocused();
    await expectFooterAfterMain(page);
  });

  test("the footer never hides route mode's SEND, also with the keypad open", async ({ page }) => {
    await openSignedIn(page, demoUsers.technician);
    await page.getByRole('button', { name: 'Rute' }).click();
    const route = page.getByRole('dialog', { name: 'Rute' });
    await route.getByRole('button', { name: /^Hybenvej 1 Serienr\. HYB-001/ }).click();
    await expect(route).toBeHidden();
    await page.setViewportSize({ width: 375, height: 440 });
    await expect(homeFields(page).send).toBeInViewport();
    // What is drawn at SEND's centre is SEND's bar, not the footer (a disabled button itself takes no
    // pointer events, so the hit lands on the bar it sits in). Measured and hit-tested in one frame, and
    // polled while the smaller viewport settles (the focused value scrolls into view).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const bar = document.querySelector('.send-bar');
          const box = bar?.querySelector('button')?.getBoundingClientRect();
          if (!box) return null;
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return { inSendBar: hit?.closest('.send-bar') != null, inFooter: hit?.closest('footer') != null };
        }),
      )
      .toEqual({ inSendBar: true, inFooter: false });
  });

  test('Tilgængelighedserklæring, signed out: conformance, method, known gaps, date, the configured contact, enforcement', async ({
    page,
  }) => {
    await page.goto('/login');
    await siteFooter(page).getByRole('link', { name: 'Tilgængelighedserklæring' }).click();
    await expect(page).toHaveURL(/\/tilgaengelighed$/);
    await expect(page).toHaveTitle('Tilgængelighedserklæring – Måleraflæsning');
    await expect(page.getByRole('heading', { level: 1, name: 'Tilgængelighedserklæring' })).toBeFocused();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      'Overholdelsesstatus',
      'Kendte mangler',
      'Sådan er løsningen testet',
      'Feedback og kontakt',
      'Håndhævelse',
    ]);
    await expect(main).toContainText('Demo Forsyning A/S ønsker at gøre Måleraflæsning tilgængelig');
    await expect(main).toContainText('overholder delvist WCAG 2.1 på niveau AA');
    await expect(main).toContainText('axe-core mod WCAG 2.1 niveau A og AA');
    await expect(main).toContainText('375 px (mobiltelefon) og 1280 px (computer)');
    await expect(main).toContainText('kun med tastaturet');
    await expect(main).toContainText('Søjlediagrammet over forbruget');
    await expect(main).toContainText(/senest testet den \d+\. \p{L}+ \d{4}\./u);
    await expect(main.getByRole('link', { name: 'tilgaengelighed@eksempel.dk' })).toHaveAttribute(
      'href',
      'mailto:tilgaengelighed@eksempel.dk',
    );
    await expect(main.getByRole('link', { name: '+45 70 10 20 30' })).toHaveAttribute(
      'href',
      'tel:+4570102030',
    );
    await expect(
      main.getByRole('link', { name: 'Digitaliseringsstyrelsen om webtilgængelighed' }),
    ).toBeVisible();
    await expectSoundScreen(page, 'wcag21');
    await page.screenshot({ path: '/tmp/screens/accessibility-statement.png', animations: 'disabled' });

    await main.getByRole('link', { name: 'Til Måleraflæsning' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("without the operator's contact (the call fails) the statement still says whom to ask", async ({
    page,
  }) => {
    await page.route('**/api/about', (route) => route.abort());
    await page.goto('/tilgaengelighed');
    const main = page.getByRole('main');
    await expect(main).toContainText(
      'Kontaktoplysningerne kunne ikke hentes lige nu. Kontakt den organisation, der har givet dig adgang til Måleraflæsning.',
    );
    await expect(main).toContainText('Vi ønsker at gøre Måleraflæsning tilgængelig');
    await expectSoundScreen(page, 'wcag21');
  });

  test('Privatlivspolitik, signed in: what is stored, why, how long, who sees it, the operator; back to home still signed in', async ({
    page,
  }) => {
    await openSignedIn(page, demoUsers.technician);
    await siteFooter(page).getByRole('link', { name: 'Privatlivspolitik' }).click();
    await expect(page).toHaveURL(/\/privatliv$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privatlivspolitik' })).toBeFocused();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      'Dataansvarlig',
      'Hvad gemmes, og hvorfor',
      'Hvor længe',
      'Hvem kan se oplysningerne',
      'Kontakt og dine rettigheder',
    ]);
    await expect(main).toContainText('Den dataansvarlige for Måleraflæsning er Demo Forsyning A/S.');
    await expect(main.getByRole('link', { name: 'privatliv@eksempel.dk' })).toHaveAttribute(
      'href',
      'mailto:privatliv@eksempel.dk',
    );
    await expect(main.getByRole('heading', { level: 3 })).toHaveText([
      'Om dig som bruger',
      'Målinger',
      'Fotos og bemærkninger',
      'Beboere',
      'Målere, der er sprunget over',
      'Sikkerhedshændelser',
      'På din telefon eller computer',
    ]);
    // The periods are the server's configuration (playwright.config.ts sets the sign-in events' to 60 days).
    await expect(main).toContainText(
      'Målinger, rettelser, overspringninger og administratorers handlinger i loggen gemmes i 5 år efter udgangen af det kalenderår, de hører til',
    );
    await expect(main).toContainText(
      'Logins, logud og login uden forbindelse i loggen slettes efter 60 dage.',
    );
    await expect(main).toContainText('365 dage efter at en bruger er deaktiveret');
    await expect(main).toContainText('Fotos af målere slettes 730 dage efter, at de er taget.');
    await expectSoundScreen(page, 'wcag21');

    await main.getByRole('link', { name: 'Til Måleraflæsning' }).click();
    await expectHome(page);
  });
});
