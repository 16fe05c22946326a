// Products: the store's products as the server lists them (pages of a search, look-ups by id), their
// query keys and how they show in a language. The catalogue's pages, the cart, orders and the
// seller area read them here.
export { catalogueKeys, inLanguage, knownProducts, productSort, productsByIdQuery, useProductSearch, useProductsById } from './api';
export type { Found, ProductSearch, ProductSort } from './api';
