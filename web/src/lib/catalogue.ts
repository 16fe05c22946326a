import { CATEGORIES, type Category, type Product } from './contract';
import { matches, type Searchable } from './search';
import { t, type Language } from '../i18n';

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

/** ShopProduct is a product as the shop shows it: named in the language shown, searchable by every name it has. */
export interface ShopProduct extends Product {
  search: Searchable;
}

/**
 * searchProducts keeps in-stock products whose name contains the query, ignoring case, in English
 * or Nepali, or whose name is written another common way (आलु, aalu and alu find the same potatoes).
 */
export function searchProducts(products: ShopProduct[], query: string): ShopProduct[] {
  return products.filter((p) => p.inStock && matches(p.search, query));
}

/** bestSellers are the first ten products in stock. */
export const bestSellers = (products: Product[]) => products.filter((p) => p.inStock).slice(0, 10);

/** relatedProducts are up to ten other in-stock products of the same category. */
export const relatedProducts = (products: Product[], product: Product) =>
  products.filter((p) => p.inStock && p.category === product.category && p._id !== product._id).slice(0, 10);

/** thumbnail is the 400 px variant the server keeps of an uploaded photo; catalogue pictures are small already. */
/** nameIn is a product's name in the language: its Nepali name where it has one, the English one otherwise. */
export const nameIn = (p: { name: string; nameNe?: string }, lang: Language): string => (lang === 'ne' && p.nameNe ? p.nameNe : p.name);

export const thumbnail = (url: string) => (url.startsWith('/media/uploads/') ? url.replace(/\.(jpg|png)$/, '-400.$1') : url);

/** cover is the thumbnail of a product's first photo, the one lists show; none for a product without photos. */
export const cover = (product: Pick<Product, 'image'>) => (product.image[0] === undefined ? undefined : thumbnail(product.image[0]));
