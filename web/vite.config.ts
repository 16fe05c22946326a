/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { visualizer } from 'rollup-plugin-visualizer';

// The Go server embeds dist/app; dist/index.html is the placeholder shown before a build.
const api = process.env.HAAT_API ?? 'http://127.0.0.1:8080';

/**
 * precompress writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build worth
 * compressing, at the highest levels: the server embeds them and answers with the one a browser
 * takes, so it compresses nothing at start-up or per request.
 */
const precompress = (): Plugin => ({
  name: 'haat-precompress',
  apply: 'build',
  writeBundle(options) {
    const dir = options.dir ?? 'dist/app';
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(js|css|html|svg|json|webmanifest|txt)$/.test(entry.name)) continue;
      const path = join(entry.parentPath, entry.name);
      const body = readFileSync(path);
      if (body.length <= 512) continue;
      const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
      const gz = gzipSync(body, { level: 9 });
      if (br.length < body.length) writeFileSync(`${path}.br`, br);
      if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    }
  },
});

// `npm run report` also writes dist/bundle-report.html: every chunk and the modules in it, with
// their minified and gzipped sizes (outside dist/app, so the server never embeds it).
const report = process.env.BUNDLE_REPORT
  ? [visualizer({ filename: 'dist/bundle-report.html', template: 'treemap', gzipSize: true, title: 'Haat bundle report' }) as Plugin]
  : [];

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), ...report],
  resolve: {
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('src/lib/useSyncExternalStore.ts', import.meta.url)) }],
  },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    assetsInlineLimit: 0,
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
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    testTimeout: 20_000,
  },
});
