// The seller's order filters as the URL keeps them (so a reload or a shared link keeps them) and as
// GET /api/order/seller and its CSV export take them.

import { SELLER_STATUSES, type OrderStatus } from '../../lib/contract';
import { paths } from '../../lib/paths';

/** Day is which days the list shows: any, today, yesterday (the store's days) or a range of dates. */
export type Day = '' | 'today' | 'yesterday' | 'range';

/** OrderFilters are the filters of the seller's order list; an empty value selects any. */
export interface OrderFilters {
  status: OrderStatus | '';
  paid: '' | 'true' | 'false';
  q: string;
  day: Day;
  /** from and to are dates YYYY-MM-DD, for a range. */
  from: string;
  to: string;
  /** slot is the delivery day of the orders: today's or tomorrow's slots (the store's days). */
  slot: '' | 'today' | 'tomorrow';
}

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/** readFilters reads the filters from the page's query string; values it does not know are left out. */
export function readFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status') ?? '';
  const paid = params.get('paid') ?? '';
  const day = params.get('day') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const slot = params.get('slot') ?? '';
  return {
    status: (SELLER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
    paid: paid === 'true' || paid === 'false' ? paid : '',
    q: params.get('q') ?? '',
    day: day === 'today' || day === 'yesterday' || day === 'range' ? day : from || to ? 'range' : '',
    from: isDate(from) ? from : '',
    to: isDate(to) ? to : '',
    slot: slot === 'today' || slot === 'tomorrow' ? slot : '',
  };
}

/** writeFilters is the query string of the filters, without the empty ones. */
export function writeFilters(f: OrderFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.status) out.set('status', f.status);
  if (f.paid) out.set('paid', f.paid);
  if (f.q.trim()) out.set('q', f.q.trim());
  if (f.day) out.set('day', f.day);
  if (f.day === 'range') {
    if (f.from) out.set('from', f.from);
    if (f.to) out.set('to', f.to);
  }
  if (f.slot) out.set('slot', f.slot);
  return out;
}

/** noFilters selects every order. */
export const noFilters: OrderFilters = { status: '', paid: '', q: '', day: '', from: '', to: '', slot: '' };

/** ordersWith is the path of the seller's order list showing the orders the filters given select. */
export const ordersWith = (f: Partial<OrderFilters>) => `${paths.seller.orders}?${writeFilters({ ...noFilters, ...f }).toString()}`;

/** hasFilters tells whether any filter narrows the list. */
export const hasFilters = (f: OrderFilters) => writeFilters(f).toString() !== '';

/** storeDay is the date (YYYY-MM-DD) in timeZone of now, daysBack days earlier. */
export function storeDay(timeZone: string, daysBack = 0, now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const [y = 0, m = 1, d = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - daysBack)).toISOString().slice(0, 10);
}

/** apiFilters are the filters as the API takes them: Today and Yesterday become that day's date in the store's time zone. */
export function apiFilters(f: OrderFilters, timeZone: string, now = new Date()): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.status) out.status = f.status;
  if (f.paid) out.paid = f.paid;
  if (f.q.trim()) out.q = f.q.trim();
  if (f.day === 'today' || f.day === 'yesterday') {
    const day = storeDay(timeZone, f.day === 'today' ? 0 : 1, now);
    out.from = day;
    out.to = day;
  } else if (f.day === 'range') {
    if (f.from) out.from = f.from;
    if (f.to) out.to = f.to;
  }
  if (f.slot) out.slot = storeDay(timeZone, f.slot === 'today' ? 0 : -1, now);
  return out;
}
