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
    // Unit tests keep jsdom; component tests (React Testing Library) run in happy-dom, which renders
    // and answers role queries about twice as fast (ADR 036).
    projects: [
      { extends: true, test: { name: 'unit', environment: 'jsdom', include: ['test/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'components', environment: 'happy-dom', include: ['test/**/*.test.tsx'] },
      },
    ],
  },
});
