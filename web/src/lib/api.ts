// The one client for Haat's JSON API. Calls never throw: they answer { success: false, message,
// status } for HTTP errors and network failures alike (status 0), so every caller can show the
// server's message or its own fallback.

import type {
  AddressAddRequest,
  AddressAddResponse,
  AddressListResponse,
  Cart,
  CartConflictResponse,
  CartQuoteRequest,
  CartQuoteResponse,
  CartUpdateRequest,
  CartUpdateResponse,
  ChecklistResponse,
  ConfigResponse,
  DashboardResponse,
  DemoRemoveResponse,
  ErrorResponse,
  InvoiceResponse,
  LanguageRequest,
  LoginRequest,
  MessageResponse,
  NameRequest,
  OrderCancelRequest,
  OrderCancelResponse,
  OrderChangeRequest,
  OrderChangeResponse,
  OrderItemRequest,
  OrderPayRequest,
  OrderRequest,
  SlotListResponse,
  DeliveryWindowsResponse,
  DeliveryWindowsRequest,
  DeliveryWindow,
  OrderStatus,
  OTPSendRequest,
  OTPSendResponse,
  OTPVerifyRequest,
  OTPVerifyResponse,
  PaymentPageResponse,
  PaymentType,
  ProductNotifyRequest,
  ProductAddResponse,
  ProductGetResponse,
  ProductImportResponse,
  ProductListResponse,
  ProductSearchResponse,
  ProductStockRequest,
  ProductArchiveRequest,
  ProductUpdateResponse,
  SellerProductsResponse,
  RegisterRequest,
  SellerOrdersResponse,
  SettingsResponse,
  StoreSettings,
  UserAlertsResponse,
  UserOrdersResponse,
  UserResponse,
  UserSessionResponse,
  SellerResponse,
  SellerSessionResponse,
} from './contract';
import { language } from '../i18n';
import { answered, requestKey } from './requestKey';

// The shapes of requests and answers are the server's, generated into contract.ts.

/** AddressInput is an address as the shopper fills it in, before the store gives it its id. */
export type AddressInput = AddressAddRequest['address'];

/**
 * Failure is a failed call; data is the answer's JSON, for the calls whose failures carry more than
 * a message (E, as far as the answer has it: a proxy's error page may say anything).
 */
export type Failure<E = ErrorResponse> = { success: false; message: string; status: number; data?: Partial<E> };
export type ApiResult<T, E = ErrorResponse> = ({ success: true; message?: string } & T) | Failure<E>;

/** ApiError carries a failed call's message and status into TanStack Query. */
export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

async function call<T, E = ErrorResponse>(method: 'GET' | 'POST', path: string, body?: unknown, extra?: Record<string, string>): Promise<ApiResult<T, E>> {
  // The server writes its messages in the language shown now, read at each call, so that a change
  // of language holds from the next call on.
  const headers: Record<string, string> = { 'Accept-Language': language(), ...extra };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
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
  if (res.ok && obj.success === true) return data as ApiResult<T, E>;
  const failure: Failure<E> = { success: false, message: typeof obj.message === 'string' ? obj.message : '', status: res.status };
  if (data && typeof data === 'object') failure.data = data;
  return failure;
}

/** unwrap turns a failed call into an ApiError with the server's message or the fallback; a success keeps its message. */
export async function unwrap<T, E>(result: Promise<ApiResult<T, E>>, fallback: string): Promise<T & { message?: string }> {
  const r = await result;
  if (!r.success) throw new ApiError(r.message || fallback, r.status);
  return r;
}

/** get reads Res from path. */
const get = <Res>(path: string) => call<Res>('GET', path);
/** post sends a Req to path and answers Res; a failure's data is E. */
const post = <Req, Res, E = ErrorResponse>(path: string, body: Req) => call<Res, E>('POST', path, body);

/** resendAfter are the pauses before a checkout call whose answer was lost is sent again (requestKey.ts). */
export const resendAfter = [1000, 3000];

/**
 * postOnce sends a checkout call under its Idempotency-Key and, while the network fails, sends it
 * again under the same key (the server does it at most once). The key is forgotten once the
 * server has answered; after the last try it is kept for the shopper's next press.
 */
async function postOnce<Req, Res>(path: string, body: Req): Promise<ApiResult<Res>> {
  const id = `${path} ${JSON.stringify(body)}`;
  const key = requestKey(id);
  for (let i = 0; ; i++) {
    const r = await call<Res>('POST', path, body, { 'Idempotency-Key': key });
    const lost = !r.success && r.status === 0;
    if (!lost) answered(id);
    if (!lost || i === resendAfter.length) return r;
    await new Promise((resolve) => setTimeout(resolve, resendAfter[i]));
  }
}

/** PlaceOrderResponse is the answer to an order: a cash order's message, or an online order's payment page (url). */
export type PlaceOrderResponse = MessageResponse & Partial<PaymentPageResponse>;

export const api = {
  config: () => get<ConfigResponse>('/api/config'),
  products: () => get<ProductListResponse>('/api/product/list'),
  /** searchProducts answers a page of the products in stock that q (any name, in Devanagari or romanised) and category select, newest first; cursor is the nextCursor of the page before. */
  searchProducts: ({ q = '', category = '', cursor = '', limit }: { q?: string; category?: string; cursor?: string; limit?: number }) => {
    const query = new URLSearchParams();
    if (q.trim() !== '') query.set('q', q.trim());
    if (category) query.set('category', category);
    if (cursor) query.set('cursor', cursor);
    if (limit !== undefined) query.set('limit', String(limit));
    const text = query.toString();
    return get<ProductSearchResponse>(`/api/product/search${text ? `?${text}` : ''}`);
  },
  /** getProducts answers the products on sale with the ids (at most MAX_FIND), in stock or not, in the order asked. */
  getProducts: (ids: string[]) =>
    get<ProductGetResponse>(`/api/product/get?${new URLSearchParams(ids.map((id) => ['id', id])).toString()}`),
  /** settings are the store's settings the storefront follows: its delivery rules. */
  settings: () => get<SettingsResponse>('/api/settings'),

  /** session is the signed-in shopper, or null for a guest: 200 either way. */
  session: () => get<UserSessionResponse>('/api/user/session'),
  login: (email: string, password: string) => post<LoginRequest, UserResponse>('/api/user/login', { email, password }),
  register: (name: string, email: string, password: string) =>
    post<RegisterRequest, UserResponse>('/api/user/register', { name, email, password }),
  logout: () => get<MessageResponse>('/api/user/logout'),
  /** sendCode texts a sign-in code to a Nepali mobile number. */
  sendCode: (phone: string) => post<OTPSendRequest, OTPSendResponse>('/api/user/otp/send', { phone }),
  /** verifyCode signs in with the code sent to phone; newAccount in the answer says the sign-in created the account. */
  verifyCode: (phone: string, code: string) => post<OTPVerifyRequest, OTPVerifyResponse>('/api/user/otp/verify', { phone, code }),
  /** setName keeps the name the signed-in shopper gives (asked after a first sign-in by phone). */
  setName: (name: string) => post<NameRequest, UserResponse>('/api/user/name', { name }),
  /** setLanguage keeps the language the signed-in shopper reads the store in with their account. */
  setLanguage: (language: LanguageRequest['language']) => post<LanguageRequest, MessageResponse>('/api/user/language', { language }),

  /** sellerSession is the signed-in seller, or null: 200 either way. */
  sellerSession: () => get<SellerSessionResponse>('/api/seller/session'),
  sellerLogin: (email: string, password: string) =>
    post<LoginRequest, SellerResponse>('/api/seller/login', { email: email.trim(), password }),
  /** setSellerLanguage keeps the language the signed-in seller reads the seller area in with their account. */
  setSellerLanguage: (language: LanguageRequest['language']) => post<LanguageRequest, MessageResponse>('/api/seller/language', { language }),
  sellerLogout: () => get<MessageResponse>('/api/seller/logout'),

  /** updateCart saves the cart; with version it is refused (409, data: the saved cartItems and cartVersion) when another tab saved first. */
  updateCart: (cartItems: Cart, version?: number) =>
    post<CartUpdateRequest, CartUpdateResponse, CartConflictResponse>('/api/cart/update', version === undefined ? { cartItems } : { cartItems, version }),

  /** quoteCart asks what the cart would cost as an order now; address and slot only once chosen. */
  quoteCart: (items: { product: string; quantity: number }[], address?: string, slot?: string) =>
    post<CartQuoteRequest, CartQuoteResponse>('/api/cart/quote', { items, ...(address ? { address } : {}), ...(slot ? { slot } : {}) }),

  addresses: () => get<AddressListResponse>('/api/address/get'),
  addAddress: (address: AddressInput) => post<AddressAddRequest, AddressAddResponse>('/api/address/add', { address }),

  /** placeOrder names a delivery slot only when the store offers slots (slot undefined otherwise), so the spec's body stays as it was. */
  placeOrder: (payment: PaymentType, items: OrderItemRequest[], address: string, method?: string, slot?: string) =>
    payment === 'COD'
      ? postOnce<OrderRequest, PlaceOrderResponse>('/api/order/cod', { items, address, ...(slot ? { slot } : {}) })
      : postOnce<OrderRequest, PlaceOrderResponse>('/api/order/stripe', { items, address, method, ...(slot ? { slot } : {}) }),
  /** slots are today's and tomorrow's delivery slots; none while the seller offers none. */
  slots: () => get<SlotListResponse>('/api/slot/list'),
  /** sellerSlots are the seller's daily delivery windows. */
  sellerSlots: () => get<DeliveryWindowsResponse>('/api/seller/slots'),
  setSellerSlots: (windows: DeliveryWindow[]) => post<DeliveryWindowsRequest, DeliveryWindowsResponse>('/api/seller/slots', { windows }),
  /** payOrder starts a new payment of an unpaid online order and answers the payment page. */
  payOrder: (id: string, method?: string) => postOnce<OrderPayRequest, PaymentPageResponse>('/api/order/pay', { id, method }),
  myOrders: () => get<UserOrdersResponse>('/api/order/user'),
  /** orderInvoice is the tax invoice of one of the shopper's own delivered orders. */
  orderInvoice: (id: string) => get<InvoiceResponse>(`/api/order/invoice?id=${encodeURIComponent(id)}`),
  /** sellerInvoice is the tax invoice of the delivered order with that number. */
  sellerInvoice: (number: number) => get<InvoiceResponse>(`/api/seller/order/invoice?number=${number}`),
  /** dashboard sums up the store for the seller. */
  dashboard: () => get<DashboardResponse>('/api/seller/dashboard'),
  /** saveSettings changes the store's settings: a field sent replaces the setting, one left out keeps it. */
  saveSettings: (settings: Partial<StoreSettings>) => post<Partial<StoreSettings>, SettingsResponse>('/api/seller/settings', settings),
  /** uploadLogo stores the store's logo (a form with one image under "logo") and answers the settings. */
  uploadLogo: (form: FormData) => post<FormData, SettingsResponse>('/api/seller/logo', form),
  /** alerts are the shopper's products asked about, those back on sale first. */
  alerts: () => get<UserAlertsResponse>('/api/user/alerts'),
  /** notify asks to be told when a product is back, or (notify false) no longer, which dismisses its notice. */
  notify: (id: string, notify: boolean) => post<ProductNotifyRequest, MessageResponse>('/api/product/notify', { id, notify }),
  /** cancelOrder cancels one of the shopper's orders the seller has not begun on. */
  cancelOrder: (id: string) => post<OrderCancelRequest, OrderCancelResponse>('/api/order/cancel', { id }),
  /** sellerOrders answers a page of the orders the filters select (status, paid, q, from, to), newest first; before (an order id) pages further back. */
  sellerOrders: (filters: Record<string, string> = {}, before?: string) => {
    const query = new URLSearchParams(before ? { ...filters, before } : filters).toString();
    return get<SellerOrdersResponse>(`/api/order/seller${query ? `?${query}` : ''}`);
  },
  /** sellerOrdersCSV is the address of the file of every order the filters select (GET /api/order/seller.csv). */
  sellerOrdersCSV: (filters: Record<string, string> = {}) => {
    const query = new URLSearchParams(filters).toString();
    return `/api/order/seller.csv${query ? `?${query}` : ''}`;
  },
  /** findSellerOrder answers the order with the number typed ("10482" or "#10482"), or none. */
  findSellerOrder: (number: string) => get<SellerOrdersResponse>(`/api/order/seller?number=${encodeURIComponent(number.trim())}`),
  setOrderStatus: (id: string, status: OrderStatus) => post<OrderChangeRequest, OrderChangeResponse>('/api/order/status', { id, status }),
  markOrderPaid: (id: string) => post<OrderChangeRequest, OrderChangeResponse>('/api/order/paid', { id }),
  /** refundOrder gives the order's refunds due back through the payment provider. */
  refundOrder: (id: string) => post<OrderChangeRequest, OrderChangeResponse>('/api/order/refund', { id }),
  /** markOrderRefunded records that the order's refunds due were given back by hand. */
  markOrderRefunded: (id: string) => post<OrderChangeRequest, OrderChangeResponse>('/api/order/refunded', { id }),

  /** addProduct sends the add-product form: name, description (JSON lines), category, weight, price, offerPrice and images. */
  addProduct: (form: FormData) => post<FormData, ProductAddResponse>('/api/product/add', form),
  setStock: (id: string, inStock: boolean) => post<ProductStockRequest, MessageResponse>('/api/product/stock', { id, inStock }),
  /** sellerProducts answers every product, archived ones too. */
  sellerProducts: () => get<SellerProductsResponse>('/api/seller/products'),
  /**
   * importProducts checks a product CSV (file), with an optional ZIP of photos (photos), and unless
   * dryRun is "true" stores it (POST /api/product/import); a refused import's data has the rows too.
   */
  importProducts: (form: FormData) => post<FormData, ProductImportResponse, ProductImportResponse>('/api/product/import', form),
  /** productsCSV is the address of the file of every product, in the import's columns (GET /api/product/export.csv). */
  productsCSV: '/api/product/export.csv',
  /** removeDemo removes the demo catalogue's products: archived where an order names them, deleted otherwise. */
  removeDemo: () => post<Record<string, never>, DemoRemoveResponse>('/api/seller/demo/remove', {}),
  /** checklist is what a real shop needs before opening, and whether this one has it. */
  checklist: () => get<ChecklistResponse>('/api/seller/checklist'),
  /** updateProduct corrects a product: id and the fields that change, new photos under images, their order in imageOrder. */
  updateProduct: (form: FormData) => post<FormData, ProductUpdateResponse>('/api/product/update', form),
  /** archiveProduct takes a product off sale, or puts it back on sale. */
  archiveProduct: (id: string, archived: boolean) => post<ProductArchiveRequest, MessageResponse>('/api/product/archive', { id, archived }),
};
