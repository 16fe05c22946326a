// The one client for Haat's JSON API. Calls never throw: they answer { success: false, message,
// status } for HTTP errors and network failures alike (status 0), so every caller can show the
// server's message or its own fallback.

import type { Dashboard, OrderStatus, StockAlert } from './contract';

export type { Dashboard, StockAlert };

export type Category = 'Vegetables' | 'Fruits' | 'Drinks' | 'Instant' | 'Dairy' | 'Bakery' | 'Grains';

export interface Product {
  _id: string;
  name: string;
  category: Category;
  price: number;
  offerPrice: number;
  image: string[];
  description: string[];
  weight?: string;
  inStock: boolean;
  /** stockOn is the seller's in-stock switch; inStock is false when it is off or no counted unit is left. */
  stockOn?: boolean;
  /** stock is the number of units for sale when the store counts them. */
  stock?: number;
  createdAt: string;
}

/** SellerProduct is a product as the seller's list has it, archived ones too. */
export type SellerProduct = Product & { archived: boolean };

export type Cart = Record<string, number>;

export interface User {
  _id: string;
  name: string;
  email: string;
  cartItems: Cart;
  /** cartVersion goes up with every change of the saved cart; updates name it to be refused when stale. */
  cartVersion?: number;
}

export interface AddressInput {
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  phone: string;
}

export interface Address extends AddressInput {
  _id: string;
}

export interface OrderItem {
  product: Pick<Product, '_id' | 'name' | 'category' | 'offerPrice' | 'image'>;
  quantity: number;
}

export type PaymentType = 'COD' | 'Online';

export interface Order {
  _id: string;
  /** number is the order's short number for people, shown as "#10482". */
  number: number;
  items: OrderItem[];
  address: Address;
  amount: number;
  paymentType: PaymentType;
  status: OrderStatus;
  isPaid: boolean;
  /** testPayment: paid on the built-in test page, so no money arrived. */
  testPayment?: boolean;
  /** refund: money of the order is owed back to the shopper ('due') or was given back ('refunded'). */
  refund?: 'due' | 'refunded';
  createdAt: string;
  updatedAt: string;
}

/** Refund is a payment of an order the store owes back, or gave back. */
export interface Refund {
  amount: number;
  currency: string;
  provider: string;
  reference: string;
  state: 'due' | 'refunded';
  refundReference?: string;
}

/** OrderStatus is where an order stands; a seller moves it one step at a time or cancels it. */
export type { OrderStatus } from './contract';

/** UserOrder is an order as its shopper sees it, with whether the server lets it be paid now. */
export interface UserOrder extends Order {
  /** canPay: an unpaid online order awaiting its payment or whose payment failed (POST /api/order/pay). */
  canPay: boolean;
  /** canCancel: the shopper can still cancel the order (POST /api/order/cancel): the seller has not begun on it. */
  canCancel: boolean;
}

/** SellerOrder is an order as the seller sees it, with the steps the server allows now. */
export interface SellerOrder extends Order {
  nextStatuses: OrderStatus[];
  canMarkPaid: boolean;
  refunds: Refund[];
  /** canRefund: a refund due can be given back through its provider (Stripe). */
  canRefund: boolean;
  /** canMarkRefunded: a refund is due, to be marked once given back by hand. */
  canMarkRefunded: boolean;
}

/** PaymentMethod is an online payment provider the store offers: Card, eSewa, Khalti or the test page. */
export interface PaymentMethod {
  id: string;
  label: string;
}

export interface StoreConfig {
  currency: string;
  currencySymbol: string;
  paymentMethods: PaymentMethod[];
}

/** Failure is a failed call; data is the answer's JSON, for the calls whose failures carry more than a message. */
export type Failure = { success: false; message: string; status: number; data?: Record<string, unknown> };
export type ApiResult<T> = ({ success: true; message?: string } & T) | Failure;

/** ApiError carries a failed call's message and status into TanStack Query. */
export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiResult<T>> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch (err) {
    return { success: false, message: err instanceof Error ? err.message : String(err), status: 0 };
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // Not JSON: an error page from a proxy, say. Handled below like any failure.
  }
  const obj = (data ?? {}) as { success?: unknown; message?: unknown };
  if (res.ok && obj.success === true) return data as ApiResult<T>;
  const failure: Failure = { success: false, message: typeof obj.message === 'string' ? obj.message : '', status: res.status };
  if (data && typeof data === 'object') failure.data = data as Record<string, unknown>;
  return failure;
}

/** unwrap turns a failed call into an ApiError with the server's message or the fallback; a success keeps its message. */
export async function unwrap<T>(result: Promise<ApiResult<T>>, fallback: string): Promise<T & { message?: string }> {
  const r = await result;
  if (!r.success) throw new ApiError(r.message || fallback, r.status);
  return r;
}

export const api = {
  config: () => call<StoreConfig>('GET', '/api/config'),
  products: () => call<{ products: Product[] }>('GET', '/api/product/list'),

  isAuth: () => call<{ user: User }>('GET', '/api/user/is-auth'),
  login: (email: string, password: string) => call<{ user: User }>('POST', '/api/user/login', { email, password }),
  register: (name: string, email: string, password: string) =>
    call<{ user: User }>('POST', '/api/user/register', { name, email, password }),
  logout: () => call<object>('GET', '/api/user/logout'),

  authSeller: () => call<object>('GET', '/api/seller/auth-seller'),
  sellerLogin: (email: string, password: string) =>
    call<object>('POST', '/api/seller/login', { email: email.trim(), password }),
  sellerLogout: () => call<object>('GET', '/api/seller/logout'),

  /** updateCart saves the cart; with version it is refused (409, data: the saved cartItems and cartVersion) when another tab saved first. */
  updateCart: (cartItems: Cart, version?: number) =>
    call<{ cartVersion: number }>('POST', '/api/cart/update', version === undefined ? { cartItems } : { cartItems, version }),

  addresses: () => call<{ addresses: Address[] }>('GET', '/api/address/get'),
  addAddress: (address: AddressInput) => call<{ address: Address }>('POST', '/api/address/add', { address }),

  placeOrder: (payment: PaymentType, items: { product: string; quantity: number }[], address: string, method?: string) =>
    call<{ url?: string }>('POST', payment === 'COD' ? '/api/order/cod' : '/api/order/stripe', payment === 'COD' ? { items, address } : { items, address, method }),
  /** payOrder starts a new payment of an unpaid online order and answers the payment page. */
  payOrder: (id: string, method?: string) => call<{ url: string }>('POST', '/api/order/pay', { id, method }),
  myOrders: () => call<{ orders: UserOrder[] }>('GET', '/api/order/user'),
  /** dashboard sums up the store for the seller. */
  dashboard: () => call<{ dashboard: Dashboard }>('GET', '/api/seller/dashboard'),
  /** alerts are the shopper's products asked about, those back on sale first. */
  alerts: () => call<{ alerts: StockAlert[] }>('GET', '/api/user/alerts'),
  /** notify asks to be told when a product is back, or (notify false) no longer, which dismisses its notice. */
  notify: (id: string, notify: boolean) => call<object>('POST', '/api/product/notify', { id, notify }),
  /** cancelOrder cancels one of the shopper's orders the seller has not begun on. */
  cancelOrder: (id: string) => call<{ order: UserOrder }>('POST', '/api/order/cancel', { id }),
  /** sellerOrders answers a page of orders, newest first; before (an order id) pages further back. */
  sellerOrders: (before?: string) =>
    call<{ orders: SellerOrder[]; hasMore: boolean }>('GET', `/api/order/seller${before ? `?before=${encodeURIComponent(before)}` : ''}`),
  /** findSellerOrder answers the order with the number typed ("10482" or "#10482"), or none. */
  findSellerOrder: (number: string) =>
    call<{ orders: SellerOrder[]; hasMore: boolean }>('GET', `/api/order/seller?number=${encodeURIComponent(number.trim())}`),
  setOrderStatus: (id: string, status: OrderStatus) => call<{ order: SellerOrder }>('POST', '/api/order/status', { id, status }),
  markOrderPaid: (id: string) => call<{ order: SellerOrder }>('POST', '/api/order/paid', { id }),
  /** refundOrder gives the order's refunds due back through the payment provider. */
  refundOrder: (id: string) => call<{ order: SellerOrder }>('POST', '/api/order/refund', { id }),
  /** markOrderRefunded records that the order's refunds due were given back by hand. */
  markOrderRefunded: (id: string) => call<{ order: SellerOrder }>('POST', '/api/order/refunded', { id }),

  addProduct: (form: FormData) => call<{ product: Product }>('POST', '/api/product/add', form),
  setStock: (id: string, inStock: boolean) => call<object>('POST', '/api/product/stock', { id, inStock }),
  /** sellerProducts answers every product, archived ones too. */
  sellerProducts: () => call<{ products: SellerProduct[] }>('GET', '/api/seller/products'),
  /** updateProduct corrects a product: id and the fields that change, new photos under images, their order in imageOrder. */
  updateProduct: (form: FormData) => call<{ product: Product }>('POST', '/api/product/update', form),
  /** archiveProduct takes a product off sale, or puts it back on sale. */
  archiveProduct: (id: string, archived: boolean) => call<object>('POST', '/api/product/archive', { id, archived }),
};
