import type { Plugin, Rolldown } from 'vite';
// By path: Vite loads its config with the workspace packages left external, and Node cannot run the
// contract's TypeScript; this one file is bundled into the config instead.
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../../packages/contract/src/route-preloads.ts';
import { paths } from '../src/config/paths.ts';

const layout = 'src/app/routes/server-data-layout.tsx';

/**
 * The lazy route modules each page loads on a cold visit, as src/app/router.tsx nests them. A page
 * left out here still works, it only loads its chunks one round trip later;
 * e2e/route-preloads.spec.ts checks that a cold visit loads exactly these.
 */
const ROUTE_MODULES: Record<string, string[]> = {
  [paths.login]: ['src/app/routes/login.tsx'],
  [paths.accountSelect]: [layout, 'src/app/routes/account-select.tsx'],
  [paths.resetPassword]: [layout, 'src/app/routes/reset-password.tsx'],
  [paths.home]: [layout, 'src/app/routes/home.tsx'],
  // Opened cold from a link in an e-mail.
  [paths.setPassword]: ['src/app/routes/set-password.tsx'],
};

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

function staticClosure(bundle: Rolldown.OutputBundle, roots: string[]): Set<Chunk> {
  const seen = new Set<Chunk>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || seen.has(chunk)) return;
    seen.add(chunk);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

/**
 * Writes route-preloads.json: for each page, the JS and CSS of its route chunks and their static
 * imports, minus what the entry already loads. The server names them in the page's index.html as
 * modulepreload/preload links, so the browser fetches them together with the entry instead of only
 * after the router has run.
 */
export function routePreloadsPlugin(appRoot: string): Plugin {
  return {
    name: 'maaler:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
      const entryFiles = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const loadedByEntry = staticClosure(bundle, entryFiles);
      const chunkOf = (module: string) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === `${appRoot}/${module}`);
        if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
        return chunk.fileName;
      };
      const preloads: RoutePreloads = {};
      for (const [path, modules] of Object.entries(ROUTE_MODULES)) {
        const needed = [...staticClosure(bundle, modules.map(chunkOf))].filter(
          (chunk) => !loadedByEntry.has(chunk),
        );
        preloads[path] = {
          scripts: needed.map((chunk) => `/${chunk.fileName}`),
          styles: needed.flatMap((chunk) =>
            [...(chunk.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`),
          ),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads)}\n`,
      });
    },
  };
}
