/**
 * Name of the meta tag in which the build writes its own hash into index.html
 * (vite-plugins/version-file-plugin.ts), so the running page knows which build it is.
 */
export const BUILD_HASH_META_NAME = 'build-hash';
