// The storefront's English texts. Button names, headings and toasts are what shoppers and sellers
// know the store by: change them on purpose, never in passing.
import { AROUND_THE_CLOCK, BS_MONTH_NAMES, MAX_IMAGE_BYTES, TAX_DENOMINATOR, TAX_NUMERATOR, VAT_DENOMINATOR, VAT_NUMERATOR, type BSDate, type Category, type OrderStatus, type PaymentType, type Policy, type TaxRule } from '../lib/contract';
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
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
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

/** adDay shows a day (YYYY-MM-DD) as "17 Jul 2025". */
const adDay = (day: string) => dateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

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

  login: {
    titleLogin: { before: '', accent: 'User', after: ' Login' } satisfies Accented,
    titleRegister: { before: '', accent: 'User', after: ' Sign Up' } satisfies Accented,
    name: 'Full Name',
    email: 'Email',
    password: 'Password',
    namePlaceholder: 'Your full name',
    emailPlaceholder: 'you@example.com',
    passwordPlaceholder: 'Your password',
    noAccount: 'Create an account?',
    createOne: 'Create one here',
    haveAccount: 'Already have an account?',
    signInHere: 'Sign in here',
    signIn: 'Sign In',
    createAccount: 'Create Account',
    close: 'Close',
    titlePhone: { before: '', accent: 'Phone', after: ' Sign In' } satisfies Accented,
    usePhone: 'Use phone number instead',
    useEmail: 'Use email instead',
    phone: 'Mobile number',
    phonePlaceholder: '98XXXXXXXX',
    phoneHint: '10 digits starting with 97 or 98. We text you a code; no password needed.',
    sendCode: 'Send code',
    codeSentTo: (phone: string) => `We sent a 6-digit code to ${phone}.`,
    changeNumber: 'Change number',
    code: '6-digit code',
    nameOptional: 'Your name (optional)',
    welcomeNew: 'Welcome to the store! Your account is ready. What should we call you?',
    saveName: 'Save name',
    skipName: 'Continue without a name',
    verify: 'Sign In',
    resend: 'Send a new code',
    resendIn: (seconds: number) => `Send a new code in ${seconds} s`,
    devCode: (code: string) => `Development: your code is ${code}`,
    devCodeNote: 'Shown here because no SMS provider is configured; shoppers never see this.',
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

  account: {
    messages: 'Messages from the store',
    notifyOrders: 'My orders',
    notifyOrdersMail: 'An e-mail when an order is placed, on its way, delivered, cancelled or refunded.',
    notifyOrdersText: 'A text when an order is placed, on its way and delivered.',
    notifyStock: 'Back in stock',
    notifyStockHint: 'A message when a product I asked about is on sale again.',
    notifyNewsletter: 'News and offers',
    notifyNewsletterHint: 'The store’s newsletter, by e-mail.',
    title: 'My Account',
    signIn: 'Sign in to see your account.',
    profile: 'Profile',
    name: 'Full name',
    saveName: 'Save name',
    email: 'Email',
    noEmail: 'No email yet: add one to sign in with it and a password.',
    newEmail: 'New email',
    changeEmail: 'Change email',
    addEmail: 'Add email',
    saveEmail: 'Save email',
    emailNeedsPassword: 'Set a password first: your email signs in with it.',
    phone: 'Mobile number',
    noPhone: 'No number yet: add one to sign in with a texted code.',
    newPhone: 'New mobile number',
    changePhone: 'Change number',
    addPhone: 'Add number',
    sendCode: 'Text me a code',
    codeSentTo: (phone: string) => `We texted a 6-digit code to ${phone}.`,
    code: '6-digit code',
    savePhone: 'Save number',
    cancel: 'Cancel',
    language: 'Language',
    languageNow: 'The store is shown in English.',
    password: 'Password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    passwordHint: 'At least 8 characters, not a common password. Your other devices are signed out.',
    setPasswordHint: 'Your account has no password yet: set one to sign in with your email.',
    changePassword: 'Change password',
    setPassword: 'Set password',
    sessions: 'Signed-in devices',
    sessionsHint: 'Lost a phone or used a shared computer? Sign out of the store on every device, this one too.',
    logoutAll: 'Sign out everywhere',
    export: 'Your data',
    exportHint: 'Download your profile, addresses and orders as a file (JSON).',
    exportButton: 'Download my data',
    close: 'Close account',
    closeHint: (years: number) =>
      `Your name, email, phone, password and addresses are deleted and you can no longer sign in. Your orders are kept for ${years} years without your personal details, as the law requires for records of sales. You can sign up again later with the same email or number as a new account.`,
    closeOnItsWay: 'You can close your account once every order is delivered or cancelled.',
    closePassword: 'Your password',
    closeCodeHint: 'Your account has no password: we text a code to your number to confirm.',
    closeButton: 'Close my account',
    closeConfirm: 'Close your account for good?',
    closeYes: 'Yes, close it',
    closeNo: 'No, keep it',
    saved: 'Saved',
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
  invoice: {
    title: 'Tax Invoice',
    /** delivered says what was delivered of a line when packing found other than was ordered; the adjustments below settle it. */
    delivered: (amount: string) => `delivered ${amount}`,
    pan: 'PAN/VAT No.',
    number: 'Invoice No.',
    fiscalYear: 'Fiscal year',
    dateBs: 'Date (BS)',
    dateAd: 'Date (AD)',
    orderNo: 'Order No.',
    buyer: 'Buyer',
    phone: 'Phone:',
    sn: 'S.N.',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    deliveryFee: 'Delivery fee',
    /** taxable, vat and exempt split an invoice's total under Nepal VAT. */
    taxable: 'Taxable amount (excl. VAT)',
    vat: `VAT (${vatRate})`,
    exempt: 'VAT-exempt amount',
    /** exemptItem marks a line exempt from VAT. */
    exemptItem: 'VAT-exempt',
    total: 'Total',
    print: 'Print',
    backToOrders: 'Back to orders',
    backToMyOrders: 'Back to My Orders',
    /** bsDate writes a Bikram Sambat date: "2082 Shrawan 1". */
    bsDate: (d: BSDate) => `${d.year} ${BS_MONTH_NAMES[d.month - 1]} ${d.day}`,
    /** adDate writes a day (YYYY-MM-DD) of the Gregorian calendar: "17 Jul 2025". */
    adDate: adDay,
    /** code writes an invoice's number with its fiscal year as the server gives it: "2082/83-17". */
    code: (code: string) => code,
    fiscal: (fy: string) => fy,
  },


  payment: {
    paid: 'Paid',
    paidTest: 'Paid (test)',
    pending: 'Pending',
    refundDue: 'Refund due',
    refundPending: 'Refund pending',
    cancelledRefundPending: 'Cancelled · refund pending',
    refunded: 'Refunded',
    testHint: 'Paid on the test payment page: no money arrived. Do not ship it.',
    refundTo: (amount: string, provider: string, reference: string) => `${amount} · ${provider} · ${reference}`,
    refundThrough: 'Refund through Stripe',
    markRefunded: 'Mark Refunded',
    providers: { stripe: 'Card (Stripe)', esewa: 'eSewa', khalti: 'Khalti', fonepay: 'Fonepay', sandbox: 'Test payment' } as Record<string, string>,
  },

  // The page of a payment by QR code (Fonepay): the code, the amount, and where the payment stands.
  payQR: {
    title: (provider: string) => `Pay with ${provider}`,
    amount: 'Amount to pay',
    scan: "Scan this QR code with your bank's app or any Fonepay wallet, and pay.",
    exact: 'The amount is filled in for you: it is the order total, exactly.',
    qrAlt: (amount: string) => `QR code to pay ${amount}`,
    waiting: 'Waiting for your payment. This page moves on by itself once the payment is confirmed; keep it open.',
    paid: 'Payment received',
    ended: 'This payment is no longer open. See your order in My Orders to pay it again.',
    superseded: 'You started a newer payment of this order. Pay that one, or see your orders.',
    otherWay: 'Pay another way',
    loadFailed: 'Could not load this payment',
  },

  // The help centre: what it says about fees, delivery, support and payment follows what the store does.
  help: {
    title: 'Help Centre',
    intro: 'Help with orders, deliveries, returns and payments.',
    topics: 'Help topics',
    tabs: { contact: 'Contact Us', faqs: 'FAQs', returns: 'Returns & Refunds', payment: 'Payment Methods' },
    callUs: 'Call us',
    /** hours are the store's support hours as set, or around the clock. */
    hours: (hours: string) => (hours === AROUND_THE_CLOCK ? 'Around the clock, every day' : hours),
    writeUs: 'Write to us',
    writeHours: (hours: string): string => (hours === AROUND_THE_CLOCK ? 'Any time, 24/7: we answer around the clock.' : 'We answer within our support hours.'),
    visitUs: 'Visit us',
    grievance: 'Grievance officer',
    grievanceNote: 'For a complaint about an order, a refund or the store.',
    /** area is the contact card's note on where the store delivers: its districts, when it names them. */
    area: (districts: string[] | null) => (districts ? `Delivering to ${listOf(districts)}.` : 'Delivering across the Kathmandu Valley.'),
    feeQ: 'How much does delivery cost?',
    /** feeA is written from the store's delivery rules (null: none), so it never contradicts the cart. */
    feeA: (terms: DeliveryTerms | null, taxRule: TaxRule) =>
      !terms || !terms.fee
        ? `Nothing: delivery is free on every order, so the cart shows the shipping fee as Free and ${taxRule === 'vat' ? `adds nothing: prices already include ${vatRate} VAT` : `adds only the ${taxRate} tax`}.${terms?.minimum ? ` The smallest order we take is ${terms.minimum}.` : ''}`
        : `${deliveryFee(terms)} The cart shows the fee, and what is missing for free delivery, before you order.${terms.minimum ? ` The smallest order we take is ${terms.minimum}.` : ''}`,
    speedQ: 'How fast will my order arrive?',
    /** speedA is written from the store's promise (null: it makes none). */
    speedA: (promise: string | null) => (promise ? `${promise}. Follow yours under My Orders.` : 'Follow yours under My Orders: it shows where your order is.'),
    areaQ: 'Where do you deliver?',
    /** areaA names the districts of the store's delivery area, when it has one. */
    areaA: (districts: string[] | null) =>
      districts ? `To ${listOf(districts)}. Orders to an address elsewhere cannot be placed.` : 'Across the Kathmandu Valley: Kathmandu, Lalitpur and Bhaktapur.',
    missingQ: 'An item is missing from my order. What do I do?',
    missingA: (hours: number) => `Tell us within ${hours} hours of delivery and we will send it or refund it.`,
    supportQ: 'When is support available?',
    /** supportA is written from the store's support hours and contact. */
    supportA: (hours: string, email: string) =>
      hours === AROUND_THE_CLOCK
        ? `Around the clock${email ? `: write to ${email} any time` : ''}.`
        : `${hours || 'Within our support hours'}${email ? `; write to ${email} any time and we answer then` : ''}.`,
    payQ: 'How can I pay?',
    payA: (methods: string[]) =>
      methods.length === 0
        ? 'In cash on delivery: pay the rider when your groceries arrive. Online payment is not offered at the moment.'
        : `In cash on delivery, or online with ${listOf(methods)}: choose Online Payment in the cart.`,
    /** returns is the returns and refunds policy, written from the store's. */
    returns: (p: Policy) => [
      p.returnDays ? `Returns are accepted within ${p.returnDays} ${p.returnDays === 1 ? 'day' : 'days'} of delivery for items that are unopened or faulty.` : 'Items cannot be returned unless they arrive damaged or defective.',
      p.perishablesReturnable
        ? 'Perishables such as vegetables, fruit, dairy and bakery items can be returned as other items can.'
        : "Perishables such as vegetables, fruit, dairy and bakery items can't be returned unless they arrive damaged or defective.",
      `Report missing or damaged items within ${p.missingHours} hours of delivery, with a photo if you can.`,
      `Refunds reach you within ${p.refundDays} ${p.refundDays === 1 ? 'day' : 'days'}: online payments go back to the account you paid from, cash payments are refunded in cash.`,
    ],
    payIntro: (online: boolean) =>
      online ? 'This store takes these payments. For an online payment, choose Online Payment in the cart, then the way to pay.' : 'This store takes cash on delivery.',
    cod: 'Pay the rider in cash when your groceries arrive.',
    methods: {
      stripe: "Debit and credit cards, paid on Stripe's secure checkout page.",
      esewa: 'Pay from your eSewa account; you confirm the payment on eSewa.',
      khalti: 'Pay from your Khalti account; you confirm the payment on Khalti.',
      fonepay: "Scan a QR code with your bank's app or a Fonepay wallet; the order total is filled in for you.",
      sandbox: 'A test page for trying out the store: no money moves, and the order reads Paid (test).',
    } as Record<string, string>,
    otherMethod: 'Pay online at checkout.',
    noOnline: 'Online payment is not offered at the moment.',
  },

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
function deliveryFee(terms: DeliveryTerms): string {
  return terms.freeFrom
    ? `Delivery costs ${terms.fee} on orders below ${terms.freeFrom}; orders of ${terms.freeFrom} or more ship free.`
    : `Delivery costs ${terms.fee} on every order.`;
}

/** listOf joins names as a sentence does: "Card", "Card and eSewa", "Card, eSewa and Khalti". */
function listOf(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** t is the English catalogue under the name the storefront reads it by. */
export const t = en;
