// Catalogue: the shop's pages of products: the landing page, the home page, every product, a
// category and a product's page. Each page is its own chunk, loaded when first shown.
import { lazyPage } from '../../lib/lazyPage';

export const Landing = lazyPage(() => import('./Landing'));
export const Home = lazyPage(() => import('./Home'));
export const Products = lazyPage(() => import('./Products'));
export const Category = lazyPage(() => import('./Category'));
export const ProductDetail = lazyPage(() => import('./ProductDetail'));
/** The product card and page as the build draws them for the server to fill (prerender.tsx, api/cards.go). */
export { aheadCard, EAGER_CARDS } from './ProductCard';
export { aheadDetail } from './DetailLayout';
