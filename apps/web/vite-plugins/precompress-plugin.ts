import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBuildPlugin } from './after-build-plugin.ts';

const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest)$/;
/** Below this a compressed copy saves less than the extra file costs. */
const MIN_BYTES = 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each text file of at
 * least MIN_BYTES in `outDir`, when smaller than the file. Returns the files it compressed.
 */
export async function precompressFiles(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const compressed: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotliAsync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      if (br.length < content.length) await writeFile(`${file}.br`, br);
      if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      compressed.push(file);
    }),
  );
  return compressed.sort();
}

/**
 * Precompressed copies of the built app, written last, which the server sends as they are
 * (@fastify/static `preCompressed`): no compression work per request, and the best ratios.
 */
export function precompressPlugin(): Plugin {
  return afterBuildPlugin('maaler:precompress', precompressFiles);
}
