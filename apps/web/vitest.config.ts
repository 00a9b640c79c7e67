import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      'virtual:pwa-register': fileURLToPath(new URL('./test/support/pwa-register.ts', import.meta.url)),
    },
  },
  test: {
    restoreMocks: true,
    unstubGlobals: true,
    // A file's modules and environment stay for the worker's next file: a new process and a new
    // environment per file cost twice the CPU of the tests themselves (docs/performance.md, the test
    // suite). So a file leaves no global behind (restoreMocks and unstubGlobals undo mocks and stubs),
    // and what every file needs is set up in a setup file, not by a module imported once.
    isolate: false,
    // Unit tests of rules run in plain Node: a jsdom set up for each file took 3 s of a core, more than
    // the tests in it (docs/performance.md, the test suite). A file that needs the browser's globals
    // (window, storage, focus, the camera) says so in its first line: `// @vitest-environment jsdom`.
    // Component tests (React Testing Library) run in happy-dom, which renders and answers role
    // queries about twice as fast as jsdom (ADR 036).
    projects: [
      { extends: true, test: { name: 'unit', environment: 'node', include: ['test/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'happy-dom',
          include: ['test/**/*.test.tsx'],
          setupFiles: ['test/support/clean-up-rendered.ts'],
        },
      },
    ],
  },
});
