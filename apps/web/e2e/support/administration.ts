import { expect, type Locator, type Page } from '@playwright/test';

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
