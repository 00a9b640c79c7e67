import { BUILD_HASH_META_NAME } from '@/config/build-hash-meta';

/** The hash of the build this page runs, as the build wrote it into index.html; null in development. */
export function runningBuildHash(): string | null {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_HASH_META_NAME}"]`);
  return meta?.content ? meta.content : null;
}
