import { expect, type Locator, type Page } from '@playwright/test';
import type { OwnTenantNames } from './cli';
import { openSignedIn } from './stored-session';

/**
 * Opens a section of Administration from its navigation (`Til kontrol` by /^Til kontrol/, as its
 * entry carries the count) and waits for the focus on the section's heading; returns the section.
 */
export async function openAdminSection(page: Page, name: string): Promise<Locator> {
  const entry = name === 'Til kontrol' ? new RegExp(`^${name} \\(\\d+\\)$`) : name;
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: entry }).click();
  const section = page.getByRole('region', { name, exact: true });
  await expect(section.getByRole('heading', { level: 2, name, exact: true })).toBeFocused();
  return section;
}

/** The own tenant's user on Administration (signed in from a stored session), with the tenant's account chosen. */
export async function openTenantAdministration(page: Page, tenant: OwnTenantNames): Promise<void> {
  await openSignedIn(page, tenant);
  await page.getByRole('link', { name: 'Administration' }).click();
  await expect(page.getByLabel('Konto').locator('option:checked')).toHaveText(tenant.account);
}

/** The own tenant's `Målere`, once it lists `location`; returns the section. */
export async function openTenantMeters(
  page: Page,
  tenant: OwnTenantNames,
  location: string,
): Promise<Locator> {
  await openTenantAdministration(page, tenant);
  const section = await openAdminSection(page, 'Målere');
  await expect(section.getByRole('heading', { level: 3, name: location })).toBeVisible();
  return section;
}

/**
 * The own tenant's `Målere` at a phone's width (375 px), for a walk by keyboard: the section, its
 * status line and the keyboard.
 */
export async function openTenantMetersOnPhone(page: Page, tenant: OwnTenantNames, location: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  const section = await openTenantMeters(page, tenant, location);
  return { section, status: section.getByRole('status').first(), keys: page.keyboard };
}
