import { CATEGORIES, PHOTO_FULL_SIZE, PHOTO_SIZES, type Category, type Product } from './contract';
import { t, type Language } from '../i18n';
import { nepaliWeight } from '../i18n/weight';

export interface CategoryInfo {
  text: string;
  path: Category;
  tint: string;
  image: string;
}

/** tiles give each category its tile colour and picture; every category of the contract needs one. */
const tiles: Record<Category, Pick<CategoryInfo, 'tint' | 'image'>> = {
  Vegetables: { tint: 'bg-lime-100', image: '/media/catalogue/rayo-saag.webp' },
  Fruits: { tint: 'bg-orange-100', image: '/media/catalogue/suntala.webp' },
  Drinks: { tint: 'bg-sky-100', image: '/media/catalogue/apple-juice.webp' },
  Instant: { tint: 'bg-amber-100', image: '/media/catalogue/wai-wai.webp' },
  Dairy: { tint: 'bg-yellow-50', image: '/media/catalogue/milk.webp' },
  Bakery: { tint: 'bg-rose-100', image: '/media/catalogue/bread.webp' },
  Grains: { tint: 'bg-emerald-100', image: '/media/catalogue/jumla-rice.webp' },
};

/**
 * categories are the store's categories, in the contract's order: label and path key, with a tile
 * colour and picture. The label is read when shown, in the language shown then.
 */
export const categories: CategoryInfo[] = CATEGORIES.map((path) => ({
  get text() {
    return t.categories[path];
  },
  path,
  ...tiles[path],
}));

/** findCategory matches a path segment case-insensitively. */
export const findCategory = (path: string | undefined): CategoryInfo | undefined =>
  categories.find((c) => c.path.toLowerCase() === (path ?? '').toLowerCase());

/** nameIn is a product's name in the language: its Nepali name where it has one, the English one otherwise, and its pack size when it is one of a family. */
export const nameIn = (p: { name: string; nameNe?: string; size?: string }, lang: Language): string => {
  const name = lang === 'ne' && p.nameNe ? p.nameNe : p.name;
  // A pack size is named with its size ("Basmati Rice, 5 kg"), so that the right bag is bought and picked.
  if (!p.size) return name;
  return `${name}, ${lang === 'ne' ? nepaliWeight(p.size) : p.size}`;
};

const uploaded = /^(\/media\/uploads\/.+)\.(jpg|png)$/;

/** thumbnail is the 400 px variant the server keeps of an uploaded photo; catalogue pictures are small already. */
export const thumbnail = (url: string) => url.replace(uploaded, '$1-400.$2');

/** cover is the thumbnail of a product's first photo, the one lists show; none for a product without photos. */
export const cover = (product: Pick<Product, 'image'>) => (product.image[0] === undefined ? undefined : thumbnail(product.image[0]));

/**
 * Photo is what an img needs to show a product photo at the size it is laid out: src, and for an
 * uploaded photo every size the server keeps (srcSet, by width) and the width it is shown at
 * (sizes), for the browser to download the smallest that is sharp. Catalogue pictures are 256 px
 * pictures with no other sizes.
 */
export interface Photo {
  src?: string;
  srcSet?: string;
  sizes?: string;
}

/** photo is url shown sizes wide (a sizes attribute: "(min-width: 768px) 448px, 50vw"); src is the 400 px thumbnail. */
export function photo(url: string | undefined, sizes: string): Photo {
  if (url === undefined) return {};
  const m = uploaded.exec(url);
  if (!m) return { src: url };
  const [, base, ext] = m;
  const widths = [...PHOTO_SIZES].sort((a, b) => a - b).map((n) => `${base}-${n}.${ext} ${n}w`);
  return { src: thumbnail(url), srcSet: [...widths, `${url} ${PHOTO_FULL_SIZE}w`].join(', '), sizes };
}

/** coverPhoto is photo of a product's first photo. */
export const coverPhoto = (product: Pick<Product, 'image'>, sizes: string) => photo(product.image[0], sizes);

/**
 * Widths photos are laid out at, as sizes attributes: a card of the product grid (two columns on a
 * phone, three from 768 px, four from 1024 px in a page at most 1280 px wide), the product page's
 * picture (the full width on a phone, at most 448 px beside the text), its small pictures and a cart line's.
 */
export const photoSizes = {
  card: '(min-width: 1280px) 240px, (min-width: 1024px) 19vw, (min-width: 768px) 23vw, 34vw',
  detail: '(min-width: 768px) 448px, calc(100vw - 96px)',
  gallery: '72px',
  cartLine: '(min-width: 768px) 80px, 64px',
};
