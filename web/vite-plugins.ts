// The build's own steps: compressed copies of the files, and the pages rendered ahead.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';

/** compressedCopies writes a brotli (.br) and a gzip (.gz) copy of a file beside it, each only when smaller. */
function compressedCopies(path: string) {
  const body = readFileSync(path);
  if (body.length <= 512) return;
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length) writeFileSync(`${path}.br`, br);
  if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
}

/**
 * precompress writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build worth
 * compressing, at the highest levels: the server embeds them and answers with the one a browser
 * takes, so it compresses nothing at start-up or per request.
 */
export const precompress = (): Plugin => ({
  name: 'haat-precompress',
  apply: 'build',
  writeBundle(options) {
    const dir = options.dir ?? 'dist/app';
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.(js|css|html|svg|json|webmanifest|txt)$/.test(entry.name)) compressedCopies(join(entry.parentPath, entry.name));
    }
  },
});

/**
 * inlineStyles writes the store's stylesheet into the page itself (a <style> in index.html, so in
 * every page rendered ahead too): the first paint then waits for the page alone, not for a second
 * request a phone on a slow line pays a round trip for. It is one small file (the budget test holds
 * it to 12 KB compressed) that every page needs; the content policy allows inline styles.
 */
export const inlineStyles = (): Plugin => ({
  name: 'haat-inline-styles',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      return html.replace(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g, (_link: string, file: string) => {
        const asset = ctx.bundle?.[file] as Rollup.OutputAsset | undefined;
        if (asset?.type !== 'asset') throw new Error(`index.html links ${file}, which the build did not make`);
        return `<style>${String(asset.source)}</style>`;
      });
    },
  },
});

/** escapeHTML writes text so that HTML reads it as text. */
const escapeHTML = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What src/prerender.tsx gives the build. */
interface Prerenderer {
  render: (url: string, lang: string) => Promise<{ markup: string; title: string }>;
  renderCards: (lang: string) => Promise<string>;
  prerenderedPages: { url: string; file: string; code: string }[];
  LANGUAGES: readonly string[];
}

/**
 * preloads are the links that have a browser fetch a page's own code (code, a module of src/, and
 * the chunks it imports) and its language's texts (src/i18n/<lang>.ts, English being in the entry)
 * beside the entry's scripts: React takes a page rendered ahead over once the page's lazy chunk is
 * there, which the entry would otherwise ask for only once it has run, a round trip later.
 */
function preloads(chunks: Rollup.OutputChunk[], index: string, modules: string[]): string {
  const byModule = (module: string) => chunks.find((c) => c.facadeModuleId?.endsWith(`/src/${module}`));
  const files = new Set<string>();
  const add = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) add(chunks.find((c) => c.fileName === imported));
  };
  for (const module of modules) {
    const chunk = byModule(module);
    if (!chunk) throw new Error(`the build made no chunk of src/${module}`);
    add(chunk);
  }
  return [...files]
    .filter((file) => !index.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

/**
 * prerender renders the pages of src/prerender.tsx to HTML in every language, once the app is
 * built: dist/app/prerendered/<language><file>.html (see prerenderedPages) is index.html with the
 * page's markup in its root, which the server sends for that path (api/static.go) and main.tsx
 * takes over.
 */
export const prerender = (): Plugin => {
  let outDir = 'dist/app';
  let root = process.cwd();
  let chunks: Rollup.OutputChunk[] = [];
  return {
    name: 'haat-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
    },
    async closeBundle() {
      // Built for Node next to the packages it imports, so that they resolve.
      const ssrDir = join(root, 'node_modules/.haat-prerender');
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true },
      });
      const { render, renderCards, prerenderedPages, LANGUAGES } = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as Prerenderer;
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      if (!index.includes('<div id="root"></div>')) throw new Error('index.html has no empty root to render into');
      for (const lang of LANGUAGES) {
        for (const { url, file, code } of prerenderedPages) {
          // React puts preloads of the page's images first; the browser finds the images in the markup anyway.
          const rendered = await render(url, lang);
          const markup = rendered.markup.replace(/^(<link [^>]*>)+/, '');
          if (/<script|<template/.test(markup)) throw new Error(`${url} (${lang}) rendered with scripts, which the store's content policy refuses`);
          const page = index
            .replace('<html lang="en">', `<html lang="${lang}">`)
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHTML(rendered.title)}</title>`)
            .replace('<div id="root"></div>', `<div id="root" data-prerendered="${lang}">${markup}</div>`)
            .replace('</head>', `${preloads(chunks, index, lang === 'en' ? [code] : [code, `i18n/${lang}.ts`])}</head>`);
          const path = join(outDir, 'prerendered', lang, `${file}.html`);
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, page);
          compressedCopies(path);
        }
        // The card book the server draws the pages' first products with (api/cards.go).
        writeFileSync(join(outDir, 'prerendered', lang, 'cards.json'), await renderCards(lang));
      }
    },
  };
};

/**
 * serviceWorker builds the storefront's service worker (src/sw/sw.ts) to sw.js at the top of the
 * build, where its scope is the whole store, as one classic script. It names the build it belongs
 * to (BUILD) by a hash of index.html and of the names of the build's files, which hold their
 * contents' hashes: every release that changes a file gets caches of its own, and the worker of
 * the one before drops its files.
 */
export const serviceWorker = (): Plugin => {
  let outDir = 'dist/app';
  let root = process.cwd();
  return {
    name: 'haat-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const hash = createHash('sha256').update(readFileSync(join(outDir, 'index.html')));
      for (const file of readdirSync(join(outDir, 'assets')).sort()) hash.update(`\n${file}`);
      const output = await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: { BUILD: JSON.stringify(hash.digest('hex').slice(0, 16)) },
        build: { write: false, minify: true, target: 'es2020', rolldownOptions: { input: join(root, 'src/sw/sw.ts'), output: { format: 'iife' } } },
      });
      const chunk = (Array.isArray(output) ? output[0] : output) as Rollup.RollupOutput;
      const path = join(outDir, 'sw.js');
      writeFileSync(path, chunk.output[0].code);
      compressedCopies(path);
    },
  };
};
