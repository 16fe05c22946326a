// Catalogue: the shop's pages of products: the landing page, the home page, every product, a
// category and a product's page. Each page is its own chunk, loaded when first shown.
import { lazy } from 'react';

export const Landing = lazy(() => import('./Landing'));
export const Home = lazy(() => import('./Home'));
export const Products = lazy(() => import('./Products'));
export const Category = lazy(() => import('./Category'));
export const ProductDetail = lazy(() => import('./ProductDetail'));
/** The product card and page as the build draws them for the server to fill (prerender.tsx, api/cards.go). */
export { aheadCard, EAGER_CARDS } from './ProductCard';
export { aheadDetail } from './DetailLayout';
