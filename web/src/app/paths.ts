// Every route of the storefront, once: the router takes the patterns, links and navigation the
// paths and builders, so a page moves by changing one line here.

const products = '/products';
const seller = '/seller';
/** sellerPages are the seller area's pages, relative to it (its add-product page is the area's own path). */
const sellerPages = { dashboard: 'dashboard', productList: 'product-list', editProduct: 'product-list/:id/edit', orders: 'orders', orderSlip: 'orders/:number/slip', orderInvoice: 'orders/:number/invoice', slots: 'slots', settings: 'settings' } as const;

/** paths are the storefront's routes; a function builds the path of one category, product or help tab. */
export const paths = {
  landing: '/',
  home: '/home',
  products,
  /** category is a category's page; the segment is the category's name in lower case. */
  category: (category: string) => `${products}/${category.toLowerCase()}`,
  /** product is a product's detail page, under its category. */
  product: (p: { _id: string; category: string }) => `${paths.category(p.category)}/${p._id}`,
  cart: '/cart',
  addAddress: '/add-address',
  myOrders: '/my-orders',
  /** myOrderInvoice is the printable tax invoice of one of the shopper's delivered orders. */
  myOrderInvoice: (id: string) => `/my-orders/${encodeURIComponent(id)}/invoice`,
  contact: '/contact',
  /** help is a tab of the help centre, by its key. */
  help: (tab: string) => `${paths.contact}?tab=${tab}`,
  /** loader waits on return from online payment, then goes to the path in ?next=. */
  loader: '/loader',
  seller: {
    root: seller,
    dashboard: `${seller}/${sellerPages.dashboard}`,
    productList: `${seller}/${sellerPages.productList}`,
    /** productListWith is the seller's product list narrowed by a query: productListWith({ stock: 'low' }). */
    productListWith: (query: Record<string, string>) => {
      const q = new URLSearchParams(query).toString();
      return q ? `${seller}/${sellerPages.productList}?${q}` : `${seller}/${sellerPages.productList}`;
    },
    /** archived is the seller's list of archived products. */
    archived: `${seller}/${sellerPages.productList}?show=archived`,
    /** editProduct is the form that corrects one product. */
    editProduct: (id: string) => `${seller}/${sellerPages.productList}/${encodeURIComponent(id)}/edit`,
    orders: `${seller}/${sellerPages.orders}`,
    slots: `${seller}/${sellerPages.slots}`,
    /** orderSlip is the printable packing slip of the order with that number. */
    orderSlip: (number: number) => `${seller}/${sellerPages.orders}/${number}/slip`,
    /** orderInvoice is the printable tax invoice of the delivered order with that number. */
    orderInvoice: (number: number) => `${seller}/${sellerPages.orders}/${number}/invoice`,
    /** settings is the store's settings: delivery rules. */
    settings: `${seller}/${sellerPages.settings}`,
  },
} as const;

/** routes are the patterns the router matches: the app's, and the seller area's relative to it. */
export const routes = {
  category: `${products}/:category`,
  product: `${products}/:category/:id`,
  myOrderInvoice: '/my-orders/:id/invoice',
  seller: `${seller}/*`,
  sellerPages,
} as const;

/** inSellerArea tells whether a path belongs to the seller area, which has its own layout. */
export const inSellerArea = (pathname: string) => pathname === seller || pathname.startsWith(`${seller}/`);
