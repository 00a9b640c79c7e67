import { rm } from 'node:fs/promises';

/** Removes the run's database folder (playwright.config.ts made it). */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.E2E_DATA_DIR;
  if (dir) await rm(dir, { recursive: true, force: true });
}
