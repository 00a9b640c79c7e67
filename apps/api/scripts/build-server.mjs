// Builds the API for production once: src/server.ts and src/cli.ts bundled with the workspace's own
// contract into dist/*.js, and the import worker (ADR 028) as dist/import-worker.js beside the server,
// where the server's bundle looks for it, every npm dependency left as an import, so `node dist/server.js` starts
// without transpiling TypeScript at each start (docs/performance.md, "API start").
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
// Another folder (relative to apps/api) lets a test build a bundle of its own without touching dist.
const outdir = process.argv[2] ?? 'dist';
const { dependencies } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));

await build({
  absWorkingDir: root.pathname,
  entryPoints: {
    server: 'src/server.ts',
    cli: 'src/cli.ts',
    'import-worker': 'src/services/imports/import-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // npm packages stay imports (native modules, lazy loading, their own files); only the contract,
  // which ships TypeScript, is bundled.
  external: Object.keys(dependencies).filter((name) => !name.startsWith('@maaler/')),
  sourcemap: true,
  logLevel: 'warning',
});
