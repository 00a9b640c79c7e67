import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { precompressPlugin } from '../../apps/web/vite-plugins/precompress-plugin.ts';

const FLOOR_ROOT = fileURLToPath(new URL('../react-floor', import.meta.url));

/**
 * Builds the Lighthouse anchor: a page on which React and react-dom render one heading, built by the
 * same Vite for production and precompressed as the app is, so that the API server can serve it with
 * the app's headers and compression. What Lighthouse gives it in the same run is the most that any
 * React screen can score on this machine. Returns the built folder.
 */
export async function buildReactFloor(): Promise<string> {
  const outDir = join(mkdtempSync(join(tmpdir(), 'maaler-react-floor-')), 'dist');
  await build({
    root: FLOOR_ROOT,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [precompressPlugin()],
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}
