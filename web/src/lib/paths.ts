// Every route of the storefront, once: the patterns come from the server's list of pages (PAGES in
// the contract, from storefront.Pages), so the server answers 200 for exactly the pages the router routes;
// the router takes the patterns, links and navigation the paths and builders, so a page moves by
// changing one line of storefront.Pages.
import { PAGES, SORT_SAVINGS, type PageName } from './contract';

const products = PAGES.products;
const seller = PAGES.seller;

/** SellerPage names a page of the seller area below its own path; the area's own page (adding a product) is its index. */
export type SellerPage = Exclude<Extract<PageName, `seller${string}`>, 'seller'>;
/** AppPage names a page the app routes itself: all but the seller area's pages, which the area routes below /seller. */
export type AppPage = Exclude<PageName, SellerPage>;

/** isSellerPage tells the seller area's pages from the app's. */
const isSellerPage = (name: PageName): name is SellerPage => name.startsWith('seller') && name !== 'seller';

/** sellerPages are the seller area's page patterns, relative to it. */
const sellerPages = Object.fromEntries(
  Object.entries(PAGES)
    .filter(([name]) => isSellerPage(name as PageName))
    .map(([name, pattern]) => [name, pattern.slice(seller.length + 1)]),
) as Record<SellerPage, string>;

/** appPages are the patterns the app matches: its pages, and the whole seller area below /seller. */
const appPages = Object.fromEntries(
  Object.entries(PAGES)
    .filter(([name]) => !isSellerPage(name as PageName))
    .map(([name, pattern]) => [name, name === 'seller' ? `${seller}/*` : pattern]),
) as Record<AppPage, string>;

/** paths are the storefront's routes; a function builds the path of one category, product or help tab. */
export const paths = {
  landing: PAGES.landing,
  home: PAGES.home,
  products,
  /** deals is the list of products with the largest saving first ("Explore deals"). */
  deals: `${products}?sort=${SORT_SAVINGS}`,
  /** category is a category's page; the segment is the category's name in lower case. */
  category: (category: string) => `${products}/${category.toLowerCase()}`,
  /** product is a product's detail page, under its category. */
  product: (p: { _id: string; category: string }) => `${paths.category(p.category)}/${p._id}`,
  cart: PAGES.cart,
  addAddress: PAGES.addAddress,
  /** editAddress is the address form filled with one of the shopper's saved addresses, to change it. */
  editAddress: (id: string) => `${PAGES.addAddress}?edit=${encodeURIComponent(id)}`,
  myOrders: PAGES.myOrders,
  /** account is the signed-in shopper's own account: profile, password, data, closing it. */
  account: PAGES.account,
  /** myOrderInvoice is the printable tax invoice of one of the shopper's delivered orders. */
  myOrderInvoice: (id: string) => `${PAGES.myOrders}/${encodeURIComponent(id)}/invoice`,
  contact: PAGES.contact,
  /** help is a tab of the help centre, by its key. */
  help: (tab: string) => `${PAGES.contact}?tab=${tab}`,
  /** loader waits on return from online payment, then goes to the path in ?next=. */
  loader: PAGES.loader,
  /** rider is a rider's phone screen of their deliveries of the day. */
  rider: PAGES.rider,
  /** payQR is the store's page of a payment by QR code; the server sends the shopper there (Fonepay). */
  payQR: (provider: string, reference: string) => `/pay/${encodeURIComponent(provider)}/${encodeURIComponent(reference)}`,
  seller: {
    root: seller,
    dashboard: PAGES.sellerDashboard,
    productList: PAGES.sellerProductList,
    /** productListWith is the seller's product list narrowed by a query: productListWith({ stock: 'low' }). */
    productListWith: (query: Record<string, string>) => {
      const q = new URLSearchParams(query).toString();
      return q ? `${PAGES.sellerProductList}?${q}` : PAGES.sellerProductList;
    },
    /** archived is the seller's list of archived products. */
    archived: `${PAGES.sellerProductList}?show=archived`,
    /** editProduct is the form that corrects one product. */
    editProduct: (id: string) => `${PAGES.sellerProductList}/${encodeURIComponent(id)}/edit`,
    orders: PAGES.sellerOrders,
    pack: PAGES.sellerPack,
    slots: PAGES.sellerSlots,
    /** cash is the riders' cash sheets of a day, printable, where the owner records what they hand in. */
    cash: PAGES.sellerCash,
    /** claims is the owner's claims desk: shoppers' claims about delivered orders, to decide. */
    claims: PAGES.sellerClaims,
    /** coupons is the owner's discount codes. */
    coupons: PAGES.sellerCoupons,
    /** orderSlip is the printable packing slip of the order with that number. */
    orderSlip: (number: number) => `${PAGES.sellerOrders}/${number}/slip`,
    /** orderInvoice is the printable tax invoice of the delivered order with that number. */
    orderInvoice: (number: number) => `${PAGES.sellerOrders}/${number}/invoice`,
    /** settings is the store's settings: delivery rules. */
    settings: PAGES.sellerSettings,
    /** import brings products in from a CSV, and links to their export. */
    import: PAGES.sellerImport,
    /** launch is the launch checklist: what the shop still needs before real shoppers come. */
    launch: PAGES.sellerLaunch,
    /** staff is the owner's page of the store's packers and riders. */
    staff: PAGES.sellerStaff,
  },
} as const;

/** routes are the patterns the router matches: the app's pages, and the seller area's relative to it. */
export const routes = {
  ...appPages,
  sellerPages,
} as const;

/** inSellerArea tells whether a path belongs to the seller area (a rider's screen too), which has its own layout. */
export const inSellerArea = (pathname: string) => pathname === seller || pathname.startsWith(`${seller}/`) || pathname === PAGES.rider;
