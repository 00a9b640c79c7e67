import { VersionInfo } from '@maaler/contract';

/** GET version.json?t=<now> from the app's own origin; the timestamp defeats any cache on the way. */
export async function getVersion(nowMs: number = Date.now()): Promise<VersionInfo> {
  const response = await fetch(`${import.meta.env.BASE_URL}version.json?t=${nowMs}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`version.json: HTTP ${response.status}`);
  return VersionInfo.parse(await response.json());
}
