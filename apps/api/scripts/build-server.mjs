// Builds the API for production once: src/server.ts and src/cli.ts bundled with the workspace's own
// contract into dist/*.js, and the import workers (ADR 028, ADR 052) as dist/import-worker.js and
// dist/remote-slice-worker.js beside the server,
// where the server's bundle looks for it, every npm dependency left as an import (but two in the CLI, below), so
// `node dist/server.js` starts without transpiling TypeScript at each start (docs/performance.md, "API start").
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
// Another folder (relative to apps/api) lets a test build a bundle of its own without touching dist.
const outdir = process.argv[2] ?? 'dist';
const { dependencies } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));

const shared = {
  absWorkingDir: root.pathname,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
};
// npm packages stay imports (native modules, lazy loading, their own files); only the contract,
// which ships TypeScript, is bundled.
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@maaler/'));

await build({
  ...shared,
  entryPoints: {
    server: 'src/server.ts',
    'import-worker': 'src/services/imports/import-worker.ts',
    'remote-slice-worker': 'src/services/imports/remote/remote-slice-worker.ts',
  },
  external,
});

// The CLI is a new process at each call (the browser tests make hundreds): Kysely's and zod's
// several hundred module files, resolved and read one by one, were a third of a call's CPU, so this
// bundle carries them (docs/performance.md, the test suite).
const inCli = ['kysely', 'zod'];
await build({
  ...shared,
  entryPoints: { cli: 'src/cli.ts' },
  external: external.filter((name) => !inCli.includes(name)),
});
