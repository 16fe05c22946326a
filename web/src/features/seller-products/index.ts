// Seller products: the seller's list of products (search, filters, stock, archive), the form that
// adds or corrects a product, the spreadsheet import and export, and removing the demo catalogue.
import { lazy } from 'react';

export { useSellerProductsFound, useVatExemptCount } from './api';

/** AddProduct is the form for a new product, the seller area's first page. */
export const AddProduct = lazy(() => import('./AddProduct'));

/** ProductList is the seller's list of products, archived ones in a tab of their own. */
export const ProductList = lazy(() => import('./ProductList'));

/** EditProduct is a product's form, filled in with it. */
export const EditProduct = lazy(() => import('./EditProduct'));

/** ImportProducts takes a spreadsheet of products (and a ZIP of their photos), checked before it is stored. */
export const ImportProducts = lazy(() => import('./ImportProducts'));
