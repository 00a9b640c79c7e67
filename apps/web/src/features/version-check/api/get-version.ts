import type { VersionInfo } from '@maaler/contract';

/** VersionInfo's shape, checked without zod: the version check runs on the first load. */
function toVersionInfo(body: unknown): VersionInfo {
  const { hash, version } = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  if (typeof hash !== 'string' || typeof version !== 'string')
    throw new Error('version.json: unexpected content');
  return { hash, version };
}

/** GET version.json?t=<now> from the app's own origin; the timestamp defeats any cache on the way. */
export async function getVersion(nowMs: number = Date.now()): Promise<VersionInfo> {
  const response = await fetch(`${import.meta.env.BASE_URL}version.json?t=${nowMs}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`version.json: HTTP ${response.status}`);
  return toVersionInfo(await response.json());
}
