import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { categories } from './catalogue';

// The storefront's decorative pictures are catalogue images; each must name a product the
// catalogue has, or the build copies no file for it and the page shows a broken image.
const web = process.cwd();
const slugs = new Set((JSON.parse(readFileSync(resolve(web, '../catalogue/catalogue.json'), 'utf8')) as { slug: string }[]).map((p) => p.slug));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !path.includes('/test/') ? [path] : [];
  });
}

describe('catalogue pictures', () => {
  it('are pictures of products the catalogue has', () => {
    const used: string[] = [];
    for (const file of sources(resolve(web, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\/media\/catalogue\/([a-z0-9-]+)\.webp/g)) used.push(m[1]!);
      for (const m of text.matchAll(/\[((?:\s*'[a-z0-9-]+',?)+)\s*\]\.map\(\(slug/g)) used.push(...[...m[1]!.matchAll(/'([a-z0-9-]+)'/g)].map((s) => s[1]!));
    }
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((s) => !slugs.has(s))).toEqual([]);
    for (const c of categories) expect(slugs.has(c.image.replace(/^\/media\/catalogue\/|\.webp$/g, ''))).toBe(true);
  });
});
