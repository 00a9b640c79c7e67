import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The screens whose first load is measured, with the lazy route chunks their URL loads. */
export const FIRST_LOAD_ROUTES = {
  '/login': ['login'],
  '/home': ['server-data-layout', 'home'],
} as const;
export type MeasuredRoute = keyof typeof FIRST_LOAD_ROUTES;

export type AssetSize = { file: string; bytes: number; gzip: number; brotli: number };
export type Totals = { bytes: number; gzip: number; brotli: number };
export type FirstLoad = {
  /** What index.html itself loads: its module script, the modulepreloads and the stylesheets. */
  shell: { js: Totals; css: Totals };
  routes: Record<MeasuredRoute, { js: Totals; css: Totals; files: AssetSize[] }>;
};

/** Compressed as the build's precompression step does: gzip level 9, brotli quality 11. */
function sizeOf(dist: string, file: string): AssetSize {
  const content = readFileSync(join(dist, file));
  return {
    file,
    bytes: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }).length,
  };
}

function total(sizes: readonly AssetSize[]): Totals {
  return sizes.reduce(
    (sum, s) => ({ bytes: sum.bytes + s.bytes, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli }),
    {
      bytes: 0,
      gzip: 0,
      brotli: 0,
    },
  );
}

function split(sizes: readonly AssetSize[]) {
  return {
    js: total(sizes.filter((s) => s.file.endsWith('.js'))),
    css: total(sizes.filter((s) => s.file.endsWith('.css'))),
  };
}

/** index.html's module script, modulepreloads and stylesheets, as paths inside dist. */
function shellFiles(html: string): string[] {
  const files = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="\/([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  return files.filter((file) => file.endsWith('.js') || file.endsWith('.css'));
}

/**
 * What Vite preloads with each lazy chunk: the entry lists them as `__vite__mapDeps([i, …])` over one
 * file table, the chunk itself first, then the JS and CSS it needs.
 */
function lazyChunkDependencies(entryCode: string): Map<string, string[]> {
  const table = /m\.f=(\[[^\]]*\])/.exec(entryCode)?.[1];
  if (!table) return new Map();
  const files = JSON.parse(table) as string[];
  const byChunk = new Map<string, string[]>();
  for (const call of entryCode.matchAll(/__vite__mapDeps\(\[([\d,]+)\]\)/g)) {
    const listed = (call[1] ?? '').split(',').map((i) => files[Number(i)] ?? '');
    const chunk = listed[0];
    if (chunk) byChunk.set(chunk, listed);
  }
  return byChunk;
}

/** The first load of the built app in `dist` (apps/web/dist after `npm run build`). */
export function measureFirstLoad(
  dist: string,
  routes: Record<string, readonly string[]> = FIRST_LOAD_ROUTES,
): FirstLoad {
  const shell = shellFiles(readFileSync(join(dist, 'index.html'), 'utf8'));
  const entry = shell.find((file) => file.endsWith('.js'));
  if (!entry) throw new Error(`${dist}/index.html has no module script`);
  const lazy = lazyChunkDependencies(readFileSync(join(dist, entry), 'utf8'));

  const routeLoad = (chunkNames: readonly string[]) => {
    const files = new Set(shell);
    for (const name of chunkNames) {
      const chunk = [...lazy.keys()].find((file) => new RegExp(`^assets/${name}-[\\w-]+\\.js$`).test(file));
      if (!chunk) throw new Error(`no lazy chunk named ${name} in ${entry}`);
      for (const file of lazy.get(chunk) ?? []) files.add(file);
    }
    const sizes = [...files].map((file) => sizeOf(dist, file));
    return { ...split(sizes), files: sizes };
  };
  return {
    shell: split(shell.map((file) => sizeOf(dist, file))),
    routes: Object.fromEntries(
      Object.entries(routes).map(([route, chunks]) => [route, routeLoad(chunks)]),
    ) as FirstLoad['routes'],
  };
}

/** Sizes in kB (1000 bytes), as Vite prints them. */
export const kB = (bytes: number) => Math.round(bytes / 100) / 10;
