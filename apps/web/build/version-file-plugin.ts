import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { afterBuildPlugin } from './after-build-plugin.ts';

export const VERSION_FILE = 'version.json';

// The service worker files are derived from the other files (their precache manifest lists them with
// revisions), and the version file cannot hash itself.
const SKIPPED = /^(version\.json|sw\.js|workbox-[\w-]+\.js)(\.map)?$/;

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
    hash.update(await readFile(join(outDir, name)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

/**
 * Writes `version.json` ({hash, version}) next to the built app once everything else is written. The
 * running app polls it and reloads when the hash differs from the one it first saw.
 */
export function versionFilePlugin(version: string): Plugin {
  return afterBuildPlugin('maaler:version-file', async (outDir) => {
    const hash = await hashBuildOutput(outDir);
    await writeFile(join(outDir, VERSION_FILE), `${JSON.stringify({ hash, version })}\n`);
  });
}
