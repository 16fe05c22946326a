/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The Go server embeds dist/app; dist/index.html is the placeholder shown before a build.
const api = process.env.HAAT_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
