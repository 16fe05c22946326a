/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { availableParallelism } from 'node:os';
import type { Plugin } from 'vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { inlineStyles, precompress, prerender, serviceWorker } from './vite-plugins';

// The Go server embeds dist/app; dist/index.html is the placeholder shown before a build.
const api = process.env.HAAT_API ?? 'http://127.0.0.1:8080';

// `npm run report` also writes dist/bundle-report.html: every chunk and the modules in it, with
// their minified and gzipped sizes (outside dist/app, so the server never embeds it).
const report = process.env.BUNDLE_REPORT
  ? [visualizer({ filename: 'dist/bundle-report.html', template: 'treemap', gzipSize: true, title: 'Haat bundle report' }) as Plugin]
  : [];

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineStyles(), precompress(), prerender(), serviceWorker(), ...report],
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      // A feature's modules only define things: importing one does nothing else (app/wiring.ts is
      // where features are connected). Said so, a chunk takes from another feature's entry
      // (features/<name>/index.ts) only what it uses, and the first load does not carry what the
      // entries of the features it imports re-export for other pages.
      treeshake: { moduleSideEffects: (id: string) => !/\/src\/features\//.test(id) },
    },
  },
  server: {
    // The Host header is kept, so the server's same-origin check sees the dev server's origin.
    // Catalogue pictures are served from public/; uploaded ones come from the server.
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media/uploads': { target: api, changeOrigin: false },
    },
  },
  test: {
    // happy-dom: a test file's window costs a fraction of jsdom's. It navigates nowhere (a test that
    // sends the shopper to a payment page only changes the address) and loads no script or style.
    environment: 'happy-dom',
    environmentOptions: {
      happyDOM: { url: 'http://127.0.0.1/', settings: { navigation: { disableMainFrameNavigation: true }, disableJavaScriptFileLoading: true } },
    },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    testTimeout: 20_000,
    // A worker a core: Vitest's own default leaves one core free, and on a machine of two the files
    // then run one at a time (107 s against 71 s for the suite, measured on 2 cores).
    maxWorkers: availableParallelism(),
  },
});
