import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './vite-plugins/precompress-plugin.ts';
import { routePreloadsPlugin } from './vite-plugins/route-preloads-plugin.ts';
import { unusedBootstrapCssPurge } from './vite-plugins/unused-css-purge.ts';
import { versionFilePlugin } from './vite-plugins/version-file-plugin.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const THEME_COLOUR = '#0d6efd';
const appRoot = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      // Registered from code once the app is idle (src/features/service-worker).
      injectRegister: null,
      registerType: 'autoUpdate',
      manifest: {
        name: 'Måleraflæsning',
        short_name: 'Måleraflæsning',
        description: 'Indberet aflæsninger af målere, også uden forbindelse.',
        lang: 'da',
        start_url: '/home',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: '#ffffff',
        // PNGs rendered from icon.svg by scripts/render-icons.ts; the maskable one keeps its gauge in the
        // safe zone, so a launcher may crop it to any shape.
        icons: [
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Every asset and route chunk is precached, so the app opens offline after one online visit
        // (ADR 013). Pages still go network-first (below), so a reload after a new build always gets
        // the new index.html and with it the new hashed assets; the precached index.html (of this
        // worker's build, so it matches the precached assets) only answers when the network fails.
        globPatterns: ['**/*.{js,css,svg,png,webmanifest}', 'index.html'],
        navigateFallback: null,
        // Background Sync asks an open tab to send the kept readings (ADR 013).
        importScripts: ['/reading-sync-worker.js'],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pages',
              expiration: { maxEntries: 5 },
              precacheFallback: { fallbackURL: 'index.html' },
            },
          },
        ],
      },
    }),
    routePreloadsPlugin(appRoot),
    versionFilePlugin(version),
    // Last, so that the service worker files are compressed too.
    precompressPlugin(),
  ],
  css: {
    postcss: {
      plugins: command === 'build' ? [unusedBootstrapCssPurge(appRoot)] : [],
    },
  },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|react-error-boundary)[\\/]/,
              priority: 2,
            },
            // What every signed-in screen loads for its server data, as one chunk instead of eight
            // small ones: TanStack Query, the API client, the query cache and the session's keys. One
            // gzip stream compresses them better (ADR 026, amendment). Only the listed modules: their
            // imports (the shell's session keys, the login's rules) stay where they are, so neither
            // the shell nor /login loads this chunk. The answer schemas' loader is here, the schemas
            // are not (next group); the skip's and the meter change's calls, with schemas of their
            // own, load with their dialogs.
            {
              name: 'server-data',
              test: /node_modules[\\/]@tanstack[\\/]|src[\\/]lib[\\/](http[\\/](api-client|cookies|query-client)\.ts|server-data[\\/](?!answer-schemas|skip-reading-api|meter-change-api)|browser-storage[\\/](schema-checked-keys|written-marks?)\.ts)|src[\\/]config[\\/]env\.ts$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // zod with the contract's schemas of the home screen's answers and the session copies:
            // loaded with the first answer, or when a session copy needs its check, not at start-up
            // (issue 40, ADR 055).
            {
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/]src[\\/](fields|ids|optional-fields|guaranteed|reading-periods|account|gateway|customer|reading-status|readings|skip-reading)\.ts$|src[\\/]lib[\\/](zod(-parse)?\.ts|server-data[\\/]answer-schemas\.ts|browser-storage[\\/]session-copy-schemas\.ts)$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
