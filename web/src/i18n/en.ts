// The storefront's English texts. Button names, headings and toasts are what shoppers and sellers
// know the store by: change them on purpose, never in passing.
import { MAX_IMAGE_BYTES, TAX_DENOMINATOR, TAX_NUMERATOR, VAT_DENOMINATOR, VAT_NUMERATOR, type Category, type OrderStatus, type PaymentType } from '../lib/contract';
import type { Accented } from './types';
import { gramsText } from './weight';
import type { DeliveryTerms } from '../lib/delivery';

/** taxRate is the server's tax as people read it: "2%". */
export const taxRate = `${(TAX_NUMERATOR * 100) / TAX_DENOMINATOR}%`;
/** vatRate is Nepal's VAT as people read it: "13%". */
export const vatRate = `${(VAT_NUMERATOR * 100) / VAT_DENOMINATOR}%`;
/** imageLimit is the largest photo accepted as people read it: "5 MB". */
export const imageLimit = `${MAX_IMAGE_BYTES / (1 << 20)} MB`;

/** unitsLeft is a counted product's stock as the seller reads it: "12 left". */
export const unitsLeft = (n: number) => `${n} left`;

const formats = new Map<string, Intl.DateTimeFormat>();
/**
 * dateFormat is the English formatter for options, made on first use and kept: making the first
 * one costs a phone about a tenth of a second, which no page should pay before it shows a date.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', options);
    formats.set(key, f);
  }
  return f;
}

const dateTimeParts: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' };
/** dateTime shows a moment as "22 Nov 2026, 10:05", in a time zone (the store's) when one is named. */
const dateTime = (date: Date, timeZone?: string) => dateFormat({ ...dateTimeParts, timeZone }).format(date);

/** slotDay shows a delivery day (YYYY-MM-DD) as "Tue 24 Nov". */
const slotDay = (day: string) => dateFormat({ weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** en is the English catalogue of every page: the shape every other language's takes (StoreMessages); the seller area's texts are in seller-en.ts. */
export const en = {
  tagline: 'Fresh groceries from the haat, at your door',
  /** brandHome names the logo, which links home. */
  brandHome: (name: string) => `${name} home`,
  /** promise is the speed promise of a store that offers delivery slots. */
  promise: { slots: 'Delivered in the slot you choose, today or tomorrow' },
  skipToContent: 'Skip to content',
  language: {
    /** switchTo names the other language in itself: the switch's text. */
    switchTo: 'नेपाली',
    switchTitle: 'Read the store in Nepali',
  },

  nav: {
    home: 'Home',
    products: 'Products',
    allProducts: 'All Products',
    contact: 'Contact Us',
    searchPlaceholder: 'Search products...',
    searchLabel: 'Search products',
    /** cart names the cart button with the number of items in it. */
    cart: (count: number) => `Cart, ${count} ${count === 1 ? 'item' : 'items'}`,
    /** cartUncounted names the cart button before this browser's cart is read (a page rendered ahead, being taken over). */
    cartUncounted: 'Cart',
    login: 'Login',
    myOrders: 'My Orders',
    myAccount: 'My Account',
    sellProducts: 'Sell Products',
    logout: 'Log Out',
    menu: 'Menu',
    profile: 'Account menu',
    main: 'Main',
  },


  footer: {
    quickLinks: 'Quick Links',
    needHelp: 'Need Help',
    followUs: 'Follow Us',
    faqs: 'FAQs',
    delivery: 'Delivery Information',
    returns: 'Return & Refund Policy',
    payment: 'Payment Methods',
    track: 'Track your Order',
    social: { instagram: 'Instagram', facebook: 'Facebook', tiktok: 'TikTok', youtube: 'YouTube' },
    copyright: (year: number, name: string) => `Copyright ${year} © ${name}. All rights reserved.`,
    /** legal labels the details the law asks an online seller to show. */
    legal: {
      title: 'Business details',
      registeredName: 'Registered name',
      registrationNo: 'Registration No.',
      pan: 'PAN/VAT No.',
      docscp: 'DoCSCP listing No.',
      grievance: 'Grievance officer',
    },
  },

  /** landing is the welcome page, the store's front door. */
  landing: {
    title: 'The weekly haat, open every day at your door',
    text: 'Fresh groceries for the Kathmandu Valley: picked daily, packed with care and delivered the same day or the next.',
    /** deliveryNote sums up what delivery costs, from the store's rules (null: none, delivery is free). */
    deliveryNote: (terms: DeliveryTerms | null) => (!terms?.fee ? 'Free delivery on every order.' : deliveryFee(terms)),
    startShopping: 'Start Shopping',
    sell: (name: string) => `Sell on ${name}`,
    featuresTitle: (name: string) => `Why shoppers like ${name}`,
    howItWorks: 'How It Works',
    /** steps promise paying online only where the store offers it. */
    steps: (online: boolean) => [
      { title: 'Browse', text: 'Find vegetables, fruit, dairy, bakery, drinks, instant food and grains.' },
      { title: 'Add to Cart', text: 'Keep what you need in your cart, even before you sign in.' },
      { title: 'Checkout', text: `Pick a saved address and pay cash on delivery${online ? ' or online' : ''}.` },
      { title: 'Relax', text: 'We pack it fresh and bring it to your door, same day or next day.' },
    ],
    whyChoose: (name: string) => `Why Choose ${name}`,
    growTitle: (name: string) => `Grow your shop with ${name}`,
    growText: 'List your products with photos, switch stock on and off and handle orders from one seller area.',
    becomeSeller: 'Become a Seller',
  },

  /** categories name each category on its tile, its page and the seller's forms and lists. */
  categories: {
    Vegetables: 'Organic veggies',
    Fruits: 'Fresh Fruits',
    Drinks: 'Cold Drinks',
    Instant: 'Instant Food',
    Dairy: 'Dairy Products',
    Bakery: 'Bakery & Breads',
    Grains: 'Grains & Cereals',
  } satisfies Record<Category, string>,

  /** categoryName is a category's short name, as product cards, breadcrumbs and order lines show it. */
  categoryName: {
    Vegetables: 'Vegetables', Fruits: 'Fruits', Drinks: 'Drinks', Instant: 'Instant', Dairy: 'Dairy', Bakery: 'Bakery', Grains: 'Grains',
  } satisfies Record<Category, string>,

  product: {
    addToCart: 'Add to Cart',
    add: 'Add',
    /** addNamed names the Add button of a product card. */
    addNamed: (name: string) => `Add ${name}`,
    buyNow: 'Buy Now',
    increase: (name: string) => `Add one more ${name}`,
    decrease: (name: string) => `Remove one ${name}`,
    quantityOf: (name: string) => `Quantity of ${name}`,
    rating: '(4.0)',
    ratingLabel: 'Rated 4 out of 5',
    save: (amount: string) => `Save ${amount}`,
    /** onSale marks a product whose sale price, set for a time, is on now. */
    onSale: 'Sale',
    /** saleUntil says when the sale price ends, on the store's clock. */
    saleUntil: (iso: string, timeZone: string) => `Sale price until ${dateTime(new Date(iso), timeZone)}`,
    mrp: 'MRP:',
    price: 'Price:',
    inclusive: '(inclusive of all taxes)',
    about: 'About Product',
    related: 'Related Products',
    returnHome: 'Return To Home',
    notFound: 'Product not found',
    outOfStock: 'Out of stock',
    maxReached: (max: number) => `At most ${max} of one item`,
    /** onlyLeft says how few units of a product are left. */
    onlyLeft: (n: number) => `Only ${n} left`,
    /** grams writes a weight bought of goods sold by weight: "750 g", "1.25 kg". */
    grams: (grams: number) => gramsText(grams),
    /** perKg is the price of goods sold by weight: "Rs. 180/kg". */
    perKg: (price: string) => `${price}/kg`,
    /** weightOf names the weight control of goods sold by weight. */
    weightOf: (name: string) => `Weight of ${name}`,
    /** weight labels the weight chosen on the page of goods sold by weight; soldInSteps says in what steps they are sold. */
    weight: 'Weight',
    /** sizes says how many pack sizes a product comes in; chooseSize heads the sizes on its page. */
    sizes: (n: number) => `${n} sizes`,
    chooseSize: 'Size',
    soldInSteps: (step: string) => `Sold by weight, in steps of ${step}`,
    /** moreWeight and lessWeight name its buttons: a step more or less. */
    moreWeight: (step: string, name: string) => `Add ${step} more ${name}`,
    lessWeight: (step: string, name: string) => `Remove ${step} of ${name}`,
    breadcrumb: 'Breadcrumb',
    images: 'Product images',
    showImage: (n: number) => `Show image ${n}`,
  },

  home: {
    badge: 'Daily discounts',
    heroTitle: 'Fresh groceries, delivered to your door',
    heroText: 'Vegetables picked daily, dairy from local farms and kitchen staples at the best prices in the Kathmandu Valley.',
    shopNow: 'Shop Now',
    exploreDeals: 'Explore deals',
    categories: 'Categories',
    bestSellers: 'Best Sellers',
    standOut: 'What Makes Us Stand Out?',
    newsletterTitle: 'Never Miss a Deal!',
    newsletterText: 'Subscribe to get the latest offers, new arrivals, and exclusive discounts',
    newsletterPlaceholder: 'Enter your email id',
    newsletterLabel: 'Email for the newsletter',
    subscribe: 'Subscribe',
    subscribed: 'Thank you for subscribing!',
  },

  /** orderStatus names each order status as shoppers and the seller read it. */
  orderStatus: {
    'Awaiting Payment': 'Awaiting Payment',
    'Payment Failed': 'Payment Failed',
    'Order Placed': 'Order Placed',
    Packed: 'Packed',
    'Out for Delivery': 'Out for Delivery',
    Delivered: 'Delivered',
    Cancelled: 'Cancelled',
  } satisfies Record<OrderStatus, string>,

  products: {
    all: 'All Products',
    results: (q: string) => `Results for "${q}"`,
    noMatch: 'No products match your search.',
    /** didYouMean offers the search spelled as the shop's products are; the words are a button. */
    didYouMean: 'Did you mean:',
    empty: 'No Product Found - Please try another category or check back later.',
    showMore: 'Show more',
    // The order of the list: the list's own, or the largest saving first ("Explore deals").
    sortBy: 'Sort by',
    sortNewest: 'Newest',
    sortSavings: 'Biggest savings',
  },

  cart: {
    title: 'Shopping Cart',
    items: (n: number) => `${n} ${n === 1 ? 'Item' : 'Items'}`,
    productDetails: 'Product Details',
    subtotal: 'Subtotal',
    action: 'Action',
    weight: 'Weight:',
    /** noWeight stands for the weight of a product that names none. */
    noWeight: 'N/A',
    qty: 'Qty:',
    /** ifNotThere asks, on a cart line, what to do if the product is not there when the order is packed. */
    ifNotThere: 'If not there:',
    ifNotThereFor: (name: string) => `If ${name} is not there`,
    similar: 'Similar, no dearer',
    leaveOut: 'Leave it out',
    instead: 'Or instead',
    namedBefore: 'The product chosen before',
    /** estimate is a line of goods sold by weight: what the weight asked for costs, settled when it is weighed at packing. */
    estimate: (amount: string, weight: string) => `about ${amount} for ${weight}`,
    /** pricePerKg introduces the price of goods sold by weight in a cart line. */
    pricePerKg: 'Price:',
    remove: (name: string) => `Remove ${name} from cart`,
    open: (name: string) => `Open ${name}`,
    continueShopping: 'Continue Shopping',
    summary: 'Order Summary',
    deliveryAddress: 'Delivery Address',
    noAddress: 'No address found',
    change: 'Change',
    addAddress: 'Add address',
    /** defaultAddress marks the shopper's default address, the one the cart preselects. */
    defaultAddress: 'Default',
    editAddress: 'Edit',
    deleteAddress: 'Delete',
    makeDefault: 'Make default',
    /** addressActions names the row of buttons under one saved address. */
    addressActions: (line: string) => `Actions for ${line}`,
    deleteQuestion: 'Delete this address?',
    yesDelete: 'Yes, delete',
    keepAddress: 'No, keep',
    paymentMethod: 'Payment Method',
    /** paymentTypes name each payment type in the cart's choice of payment. */
    paymentTypes: { COD: 'Cash On Delivery', Online: 'Online Payment' } satisfies Record<PaymentType, string>,
    payWith: 'Pay with',
    price: 'Price',
    shipping: 'Shipping Fee',
    free: 'Free',
    tax: `Tax (${taxRate})`,
    /** vatIncluded names the VAT the prices already hold, under Nepal VAT. */
    vatIncluded: `VAT included (${vatRate})`,
    total: 'Total Amount:',
    /** useCredit offers to pay with the shopper's store credit, showing its balance. */
    useCredit: (balance: string) => `Use store credit (${balance})`,
    /** creditUsed is the part of the total the store credit pays; toPay what is left to pay. */
    creditUsed: 'Store credit',
    /** couponLabel names the field that takes a coupon's code; couponApplied says the cart's quote took it. */
    couponLabel: 'Coupon code',
    couponApply: 'Apply',
    couponRemove: 'Remove',
    couponApplied: 'applied',
    /** discount names a coupon's discount on a bill, with its code. */
    discount: (code: string) => `Discount (${code})`,
    toPay: 'To pay:',
    placeOrder: 'Place Order',
    checkout: 'Proceed To CheckOut',
    noItems: 'No Items Found',
    outOfStock: 'Out of stock',
    noLongerSold: 'A product no longer sold',
    notCounted: 'Not in the total',
    removeButton: 'Remove',
    removeUnavailable: 'Remove the items that are out of stock to place your order',
    /** addForFree tells how much more the cart needs for free delivery. */
    addForFree: (amount: string) => `Add ${amount} more for free delivery`,
    /** minimumOrder is the server's message for an order below the minimum. */
    minimumOrder: (amount: string) => `Minimum order is ${amount}`,
    /** outsideArea is the server's message for an address outside the delivery area. */
    outsideArea: (districts: string[]) => `We deliver only to ${listOf(districts)}. Please choose an address there`,
    /** lowered tells that a line held more than is left, and now holds what is left. */
    lowered: (name: string, asked: number, left: number) => `Only ${left} left of ${name}: your cart now holds ${left} instead of ${asked}`,
  },

  slots: {
    title: 'Delivery slot',
    today: 'Today',
    tomorrow: 'Tomorrow',
    /** time shows a window's times, already written "08:00". */
    time: (start: string, end: string) => `${start}–${end}`,
    left: (n: number) => `${n} left`,
    full: 'Full',
    closed: 'Past cut-off',
    none: 'No delivery slot is open today or tomorrow.',
    choose: 'Please choose a delivery slot',
    /** day shows a delivery day written YYYY-MM-DD. */
    day: slotDay,
    /** shown is an order's slot, for the shopper and the seller. */
    shown: (day: string, time: string) => `Delivery: ${day}, ${time}`,
    editorTitle: 'Delivery slots',
    intro: 'Daily windows shoppers choose from, for today and tomorrow. With none, orders need no slot.',
    from: 'From',
    to: 'To',
    capacity: 'Orders per window',
    cutoff: 'Cut-off, minutes before',
    add: 'Add window',
    remove: (time: string) => `Remove window ${time}`,
    save: 'Save slots',
    empty: 'No delivery windows yet: shoppers choose no slot.',
    loadFailed: 'Could not load the delivery slots',
    saveFailed: 'Could not save the delivery slots',
    filter: 'Delivery day',
    anyDay: 'Any delivery day',
  },

  address: {
    title: { before: 'Add Shipping ', accent: 'Address', after: '' } satisfies Accented,
    editTitle: { before: 'Edit Shipping ', accent: 'Address', after: '' } satisfies Accented,
    saveChanges: 'Save Changes',
    /** gone is shown when the address being edited was deleted meanwhile (in another tab, say). */
    gone: 'This address is no longer saved',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email address',
    street: 'Street',
    city: 'City',
    state: 'State',
    zipcode: 'Zip code',
    country: 'Country',
    phone: 'Phone',
    save: 'Save Address',
    where: 'Where is this address?',
    inNepal: 'In Nepal',
    elsewhere: 'Outside Nepal',
    province: 'Province',
    chooseProvince: 'Choose a province',
    district: 'District',
    chooseDistrict: 'Choose a district',
    chooseProvinceFirst: 'Choose the province first',
    municipality: 'Municipality',
    ward: 'Ward No.',
    tole: 'Tole / Street',
    landmark: 'Landmark (optional)',
    landmarkHint: 'e.g. opposite Bhatbhateni, blue gate',
    mobile: 'Mobile number',
    mobileHint: '10 digits starting with 98 or 97',
    emailOptional: 'Email address (optional)',
    zipOptional: 'Zip code (optional)',
    /** wardNumber shows an address's ward: "Ward 3". */
    wardNumber: (n: number) => `Ward ${n}`,
    /** placeName is a province's or district's name in this language. */
    placeName: (names: { english: string; nepali: string }) => names.english,
    /** nepal is the country's name under an address in Nepal. */
    nepal: 'Nepal',
    /** landmarkShown shows an address's landmark to the seller and the shopper. */
    landmarkShown: (landmark: string) => `Landmark: ${landmark}`,
  },

  orders: {
    title: 'My Orders',
    empty: 'No orders yet - Your order history will appear here once you make a purchase.',
    order: 'Order',
    /** number shows an order's short number, the same for the shopper and the seller. */
    number: (n: number) => `#${n}`,
    orderLabel: (n: number) => `Order #${n}`,
    /** lineTotal leads to a line's total: how much (a count or a weight, written) at what unit price. */
    lineTotal: (quantity: string, unit: string) => `${quantity} × ${unit} =`,
    /** packed says what was packed of a line when it differs from what was ordered; the bill below says what it changed. */
    packed: (amount: string) => `Packed: ${amount}`,
    /** packedOf names an adjustment of packing: what was packed of an item against what was ordered. */
    packedOf: (name: string, packed: string, ordered: string) => `${name}: ${packed} packed of ${ordered}`,
    payment: 'Payment:',
    total: 'Total Amount:',
    /** creditUsed is the part of an order's amount its store credit paid; toPay the rest. */
    creditUsed: 'Paid with store credit',
    toPay: 'To pay',
    status: 'Status:',
    date: 'Date:',
    /** placedAt shows when an order was placed, to the shopper and the seller. */
    placedAt: (iso: string) => dateTime(new Date(iso)),
    /** placedAtIn shows when an order was placed in the store's time zone, as the seller's days are counted. */
    placedAtIn: (iso: string, timeZone: string) => dateTime(new Date(iso), timeZone),
    quantity: 'Quantity:',
    category: 'Category:',
    deliverTo: 'Deliver to:',
    /** paymentTypes name how an order is paid, in the shopper's and the seller's order lists. */
    paymentTypes: { COD: 'COD', Online: 'Online' } satisfies Record<PaymentType, string>,
    payNow: 'Pay Now',
    payWith: (label: string) => `Pay with ${label}`,
    signIn: 'Please log in to see your orders.',
    /** showMore loads the next, older page of the shopper's orders; loadingMore shows while it loads. */
    showMore: 'Show more orders',
    loadingMore: 'Loading more orders…',
    cancel: 'Cancel order',
    /** cancelAsk asks once more before an order is cancelled. */
    cancelAsk: (n: number) => `Cancel order #${n}? This cannot be undone.`,
    cancelYes: 'Yes, cancel it',
    keep: 'Keep order',
    taxInvoice: 'Tax invoice',
    /** taxInvoiceFor names an order's tax-invoice link for screen readers. */
    taxInvoiceFor: (n: number) => `Tax invoice for order #${n}`,
    items: 'Items',
    deliveryFee: 'Delivery fee',
    again: 'Order again',
    /** reordered tells how many items an old order put back into the cart. */
    reordered: (n: number) => `${n} ${n === 1 ? 'item' : 'items'} from this order added to your cart`,
    /** notAvailable names the products of an old order that cannot be ordered now. */
    notAvailable: (names: string[]) => `No longer available: ${listOf(names)}`,
  },

  /** titles name each page in the browser tab, followed by the store's name. */
  reset: {
    title: { before: '', accent: 'Reset', after: ' Password' } satisfies Accented,
    forgot: 'Forgot password?',
    intro: 'Enter the email or mobile number of your account. We send it a 6-digit code.',
    address: 'Email or mobile number',
    send: 'Send code',
    sent: (address: string) => `If an account has ${address}, we sent it a 6-digit code. It is valid for 15 minutes.`,
    code: '6-digit code',
    password: 'New password',
    confirm: 'Set new password',
    done: 'Password changed; sign in with your new password',
    back: 'Back to sign in',
  },


  titles: {
    pack: 'Pick and pack',
    home: 'Home',
    products: 'All Products',
    search: (q: string) => `Search: ${q}`,
    cart: 'Shopping Cart',
    addAddress: 'Add Address',
    editAddress: 'Edit Address',
    myOrders: 'My Orders',
    account: 'My Account',
    contact: 'Contact Us',
    loader: 'Loading',
    payQR: 'Pay by QR',
    notFound: 'Page not found',
    seller: 'Seller',
    sellerLogin: 'Seller Login',
    addProduct: 'Add Product',
    productList: 'Product List',
    editProduct: 'Edit Product',
    sellerOrders: 'Orders',
    dashboard: 'Dashboard',
    settings: 'Settings',
    packingSlip: (n: number) => `Packing slip #${n}`,
    invoice: (n: number) => `Tax invoice #${n}`,
    deliverySlots: 'Delivery slots',
    cash: 'Cash from riders',
    productImport: 'Import products',
    launch: 'Ready to open?',
  },

  /** invoice is the printable tax invoice of a delivered order, for the seller and the shopper. */




  alerts: {
    notifyMe: 'Tell me when it is back',
    /** notifyMeSignIn is the same button for a guest: it opens the login first. */
    notifyMeSignIn: 'Log in to be told when it is back',
    watching: 'We will tell you when it is back.',
    stopped: 'You will not be told when it is back.',
    stop: 'Do not tell me',
    title: 'Back in stock',
    intro: 'Products you asked about are on sale again.',
    view: (name: string) => `View ${name}`,
    dismiss: 'Dismiss',
    dismissNamed: (name: string) => `Dismiss ${name}`,
    /** badge names how many products asked about are back, beside My Orders. */
    badge: (n: number) => `${n} back in stock`,
  },

  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for is not here.',
    goHome: 'Go to Home',
  },

  loader: 'Loading...',

  /** productImport is the seller's page that brings products in from a CSV and links to their export. */

  toast: {
    loadUser: 'Failed to load user data',
    loadProducts: 'Failed to load products',
    addFailed: 'Failed to add item to cart',
    updateFailed: 'Failed to update cart',
    removeFailed: 'Failed to remove item from cart',
    added: 'Added To Cart',
    updated: 'Cart Updated',
    removed: 'Removed From Cart',
    logoutFailed: 'Logout failed',
    loggedOut: 'Logged Out',
    genericBang: 'Something went wrong!',
    generic: 'Something went wrong',
    sellerLoginFailed: 'Login failed',
    addressesFailed: 'Failed to fetch addresses',
    orderFailed: 'Failed to place order',
    orderPlaced: 'Order Placed Successfully',
    addressAdded: 'Address Added',
    productAdded: 'Product Added',
    stockUpdated: 'Stock Updated',
    productUpdated: 'Product Updated',
    productArchived: 'Product Archived',
    productRestored: 'Product Restored',
    addressFailed: 'Failed to add address',
    addressUpdated: 'Address Updated',
    addressUpdateFailed: 'Failed to update address',
    addressDeleted: 'Address Deleted',
    addressDeleteFailed: 'Failed to delete address',
    defaultSaved: 'Default Address Saved',
    defaultFailed: 'Failed to save the default address',
    selectAddress: 'Please Select An Address',
    invalidPayment: 'Invalid payment method selected',
    signInForAddress: 'You Need To Sign In To Change The Address',
    ordersFailed: 'Failed to load orders',
    cancelFailed: 'Failed to cancel the order',
    orderCancelled: 'Order Cancelled',
  },

  offline: {
    /** notice is the line the storefront shows while the phone has no connection. */
    notice: 'You are offline. You can browse the products you have seen; ordering needs a connection.',
    /** write answers anything that needs the store's server (adding to a saved cart, ordering, signing in) tried offline. */
    write: 'You are offline, and this needs a connection. Nothing is lost: try again once you are back online.',
  },
};

/** deliveryFee says what delivery costs under terms with a fee. */
export function deliveryFee(terms: DeliveryTerms): string {
  return terms.freeFrom
    ? `Delivery costs ${terms.fee} on orders below ${terms.freeFrom}; orders of ${terms.freeFrom} or more ship free.`
    : `Delivery costs ${terms.fee} on every order.`;
}

/** listOf joins names as a sentence does: "Card", "Card and eSewa", "Card, eSewa and Khalti". */
export function listOf(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** t is the English catalogue under the name the storefront reads it by. */
export const t = en;
