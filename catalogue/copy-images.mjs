// Copies the image of every catalogue product out of the @lobehub/fluent-emoji-3d package:
//   node catalogue/copy-images.mjs <package dir> <output dir>
// writes <output dir>/<slug>.webp for each product of catalogue.json, and fails on a missing one.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [pkgDir, outDir] = process.argv.slice(2);
if (!pkgDir || !outDir) {
  console.error('usage: node catalogue/copy-images.mjs <@lobehub/fluent-emoji-3d dir> <output dir>');
  process.exit(2);
}
const products = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'catalogue.json'), 'utf8'));
mkdirSync(outDir, { recursive: true });
const missing = [];
for (const p of products) {
  const src = join(pkgDir, 'assets', `${p.emoji}.webp`);
  if (!existsSync(src)) {
    missing.push(`${p.slug} (${src})`);
    continue;
  }
  copyFileSync(src, join(outDir, `${p.slug}.webp`));
}
if (missing.length) {
  console.error(`catalogue images missing: ${missing.join(', ')}`);
  process.exit(1);
}
console.log(`copied ${products.length} catalogue images to ${outDir}`);
