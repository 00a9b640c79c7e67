import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { BUILD_HASH_META_NAME } from '../src/config/build-hash-meta.ts';
import { afterBuildPlugin } from './after-build-plugin.ts';

export const VERSION_FILE = 'version.json';

// The service worker files are derived from the other files (their precache manifest lists them with
// revisions), and the version file cannot hash itself.
const SKIPPED = /^(version\.json|sw\.js|workbox-[\w-]+\.js)(\.map)?$/;

const INDEX_HTML = 'index.html';

function buildHashTag(hash: string): string {
  return `<meta name="${BUILD_HASH_META_NAME}" content="${hash}">`;
}

/** index.html with the build's own hash in a meta tag, for the version check of the running page. */
export function withBuildHash(html: string, hash: string): string {
  return html.replace('</head>', `${buildHashTag(hash)}</head>`);
}

/** index.html as it was before withBuildHash: the hash cannot cover itself. */
function withoutBuildHash(html: string): string {
  return html.replace(new RegExp(`<meta name="${BUILD_HASH_META_NAME}" content="[^"]*">`), '');
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** SHA-256 over every built file's relative path and content, in a stable order. */
export async function hashBuildOutput(outDir: string): Promise<string> {
  const files = (await listFiles(outDir))
    .map((file) => relative(outDir, file).split('\\').join('/'))
    .filter((name) => !SKIPPED.test(name))
    .sort();
  const hash = createHash('sha256');
  for (const name of files) {
    hash.update(name);
    hash.update('\0');
    const content = await readFile(join(outDir, name));
    hash.update(name === INDEX_HTML ? withoutBuildHash(content.toString('utf8')) : content);
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

/**
 * Writes `version.json` ({hash, version}) next to the built app once everything else is written, and
 * the same hash into index.html. The running app polls version.json and reloads when its hash differs
 * from the one of the build it runs.
 */
export function versionFilePlugin(version: string): Plugin {
  return afterBuildPlugin('maaler:version-file', async (outDir) => {
    const hash = await hashBuildOutput(outDir);
    await writeFile(join(outDir, VERSION_FILE), `${JSON.stringify({ hash, version })}\n`);
    const indexHtml = join(outDir, INDEX_HTML);
    await writeFile(indexHtml, withBuildHash(await readFile(indexHtml, 'utf8'), hash));
  });
}
