import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export const demoUsers = {
  technician: 'tekniker@eksempel.dk',
  customerUser: 'kunde@eksempel.dk',
  admin: 'admin@eksempel.dk',
  otherCustomer: 'klover@eksempel.dk',
} as const;

export async function fillLogin(
  page: Page,
  email: string,
  { password = DEMO_PASSWORD, remember = false }: { password?: string; remember?: boolean } = {},
): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(password);
  // The box comes ticked after a remembered sign-in: set it to what the test asks either way.
  await page.getByLabel('Husk mig').setChecked(remember);
  await page.getByRole('button', { name: 'Log ind' }).click();
}

/** Opens /login and signs in; does not wait for the next screen. */
export async function signIn(page: Page, email: string, options?: { password?: string; remember?: boolean }) {
  await page.goto('/login');
  await fillLogin(page, email, options);
}

/** Signs in a user of one account with their own password and waits for the reading screen it opens. */
export async function signInToReadingScreen(
  page: Page,
  user: { email: string; password: string },
): Promise<void> {
  await signIn(page, user.email, { password: user.password });
  // Signing in hashes the password: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Indberet måling' })).toBeVisible({
    timeout: 20_000,
  });
}

export async function expectHome(page: Page): Promise<void> {
  // Signing in hashes the password: slow on a busy machine.
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Indberet måling' })).toBeVisible();
}

export function readSession(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.sessionStorage.getItem(name), key);
}
