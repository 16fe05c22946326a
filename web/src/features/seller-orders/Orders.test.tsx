import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bill, renderStore, rice, serveApi } from '../../test/render';
import type { SellerOrder } from '../../lib/contract';
import { apiFilters, readFilters, storeDay, writeFilters } from './orderFilters';
import { setLanguage } from '../../i18n';
import { loadSellerTexts } from '../../i18n';

// The seller area's texts load with the area; these tests render its parts without it.
beforeAll(() => loadSellerTexts());

// 18:20 UTC on 22 November is already five past midnight on the 23rd in Kathmandu (+05:45).
const now = new Date('2026-11-22T18:20:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const seller = { 'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }) };
const config = { 'GET /api/config': () => ({ json: { success: true, currency: 'USD', currencySymbol: '$', paymentMethods: [], timeZone: 'Asia/Kathmandu' } }) };
const address = { _id: 'a1', firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9811111111' };
const order = (o: Partial<SellerOrder>): SellerOrder => ({
  _id: 'o1', number: 10001, items: [{ product: rice, quantity: 2 }], address, amount: 601.8, creditUsed: 0, toPay: 601.8, deliveryFee: 0, taxRule: 'flat', tax: 11.8, bill: bill({ lines: [590], subtotal: 590, taxable: 590, tax: 11.8, total: 601.8 }), currency: 'USD', paymentType: 'COD', status: 'Order Placed', isPaid: false, testPayment: false,
  createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [], nextStatuses: ['Packed', 'Cancelled'], canMarkPaid: false, canAssign: false,
  refunds: [], canRefund: false, canMarkRefunded: false, canRefundPart: false, refundable: [], ...o,
});
const list = (orders: SellerOrder[], hasMore = false) => () => ({ json: { success: true, hasMore, orders } });

describe('seller order filters', () => {
  it('reads and writes the query string, and turns Today and Yesterday into the store’s dates', () => {
    const f = readFilters(new URLSearchParams('status=Packed&paid=false&q=%20sita%20&day=today&from=bad'));
    expect(f).toEqual({ status: 'Packed', paid: 'false', q: ' sita ', day: 'today', from: '', to: '', slot: '' });
    expect(writeFilters(f).toString()).toBe('status=Packed&paid=false&q=sita&day=today');
    expect(apiFilters(f, 'Asia/Kathmandu', now)).toEqual({ status: 'Packed', paid: 'false', q: 'sita', from: '2026-11-23', to: '2026-11-23' });
    expect(apiFilters({ ...f, day: 'yesterday' }, 'Asia/Kathmandu', now)).toMatchObject({ from: '2026-11-22', to: '2026-11-22' });
    expect(storeDay('UTC', 0, now)).toBe('2026-11-22');
    // Unknown values are dropped; dates alone mean a range.
    expect(readFilters(new URLSearchParams('status=Awaiting+Payment&paid=yes&from=2026-11-01'))).toEqual({ status: '', paid: '', q: '', day: 'range', from: '2026-11-01', to: '', slot: '' });
  });

  it('keeps both of two filters chosen before the page shows the first', async () => {
    const calls = serveApi({
      ...seller,
      ...config,
      'GET /api/order/seller': list([order({})]),
      'GET /api/order/seller?status=Packed&paid=false': list([order({ _id: 'o3', number: 10490, status: 'Packed' })]),
    });
    renderStore('/seller/orders');
    expect(await screen.findByRole('listitem', { name: /^Order #/ })).toBeInTheDocument();
    const filters = screen.getByRole('search', { name: 'Filter orders' });
    const status = within(filters).getByLabelText<HTMLSelectElement>('Status');
    const payment = within(filters).getByLabelText<HTMLSelectElement>('Payment');
    // Both choices land in one go, the second before the page has drawn the first (a busy phone).
    act(() => {
      status.value = 'Packed';
      status.dispatchEvent(new Event('change', { bubbles: true }));
      payment.value = 'false';
      payment.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(await screen.findByRole('listitem', { name: 'Order #10490' })).toBeInTheDocument();
    expect(calls.at(-1)?.key).toBe('GET /api/order/seller?status=Packed&paid=false');
    expect(screen.getByTestId('query')).toHaveTextContent('?status=Packed&paid=false');
  });

  it('narrows the list by status, payment, search and date, keeps paging, and says when nothing matches', async () => {
    const calls = serveApi({
      ...seller,
      ...config,
      'GET /api/order/seller': list([order({ _id: 'o2', number: 10482 }), order({})]),
      'GET /api/order/seller?status=Packed': list([order({ _id: 'o3', number: 10490, status: 'Packed' })], true),
      'GET /api/order/seller?status=Packed&before=o3': list([order({ _id: 'o4', number: 10470, status: 'Packed' })]),
      'GET /api/order/seller?status=Packed&paid=false': list([order({ _id: 'o3', number: 10490, status: 'Packed' })]),
      'GET /api/order/seller?status=Packed&paid=false&q=%2310490': list([order({ _id: 'o3', number: 10490, status: 'Packed' })]),
      'GET /api/order/seller?status=Packed&paid=false&q=%2310490&from=2026-11-23&to=2026-11-23': list([]),
      'GET /api/order/seller?from=2026-11-01&to=2026-11-10': list([order({ _id: 'o5', number: 10300 })]),
    });
    renderStore('/seller/orders');
    expect(await screen.findByRole('listitem', { name: 'Order #10482' })).toBeInTheDocument();
    // Each order shows its number and when it was placed, in the store's time.
    const first = screen.getByRole('listitem', { name: 'Order #10482' });
    expect(within(first).getByRole('heading', { name: 'Order #10482' })).toBeInTheDocument();
    expect(within(first).getByText('22 Nov 2026, 15:50')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Packing slip for order #10482' })).toHaveAttribute('href', '/seller/orders/10482/slip');

    const filters = screen.getByRole('search', { name: 'Filter orders' });
    await userEvent.selectOptions(within(filters).getByLabelText('Status'), 'Packed');
    expect(await screen.findByRole('listitem', { name: 'Order #10490' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Order #10482' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    expect(await screen.findByRole('listitem', { name: 'Order #10470' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem', { name: /^Order #/ })).toHaveLength(2);

    await userEvent.selectOptions(within(filters).getByLabelText('Payment'), 'Pending');
    await userEvent.type(within(filters).getByRole('searchbox', { name: 'Search orders' }), '#10490{enter}');
    await vi.waitFor(() => expect(calls.at(-1)?.key).toBe('GET /api/order/seller?status=Packed&paid=false&q=%2310490'));
    await userEvent.selectOptions(within(filters).getByLabelText('Date'), 'Today');
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/order/seller.csv?status=Packed&paid=false&q=%2310490&from=2026-11-23&to=2026-11-23',
    );

    // Clear filters brings every order back, and empties the search box.
    const empty = screen.getByText('No orders match these filters.').parentElement!;
    await userEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('listitem', { name: 'Order #10482' })).toBeInTheDocument();
    expect(within(filters).getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
    expect(within(filters).getByLabelText('Status')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/order/seller.csv');

    // A date range asks for the dates chosen (a browser's date field sends input as a date is picked).
    await userEvent.selectOptions(within(filters).getByLabelText('Date'), 'Date range');
    fireEvent.input(within(filters).getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.input(within(filters).getByLabelText('To'), { target: { value: '2026-11-10' } });
    expect(await screen.findByRole('listitem', { name: 'Order #10300' })).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('GET /api/order/seller?') && c.key.includes('Awaiting'))).toBe(false);
  });

  it('keeps the filters of the address across a reload', async () => {
    const calls = serveApi({
      ...seller,
      ...config,
      'GET /api/order/seller?status=Delivered&paid=true&q=ram&from=2026-11-22&to=2026-11-22': list([order({ _id: 'o9', number: 10999, status: 'Delivered', isPaid: true })]),
    });
    renderStore('/seller/orders?status=Delivered&paid=true&q=ram&day=yesterday');
    expect(await screen.findByRole('listitem', { name: 'Order #10999' })).toBeInTheDocument();
    const filters = screen.getByRole('search', { name: 'Filter orders' });
    expect(within(filters).getByLabelText('Status')).toHaveValue('Delivered');
    expect(within(filters).getByLabelText('Payment')).toHaveValue('true');
    expect(within(filters).getByRole('searchbox', { name: 'Search orders' })).toHaveValue('ram');
    expect(within(filters).getByLabelText('Date')).toHaveValue('yesterday');
    expect(calls.filter((c) => c.key.startsWith('GET /api/order/seller')).map((c) => c.key)).toEqual([
      'GET /api/order/seller?status=Delivered&paid=true&q=ram&from=2026-11-22&to=2026-11-22',
    ]);
  });
});

describe('Nepali addresses and delivery slots', () => {
  it('shows the landmark, a number to call and the slot, and narrows the list to tomorrow’s deliveries', async () => {
    const nepali = { ...address, street: 'Jhamsikhel', city: 'Lalitpur Metropolitan City', state: 'Bagmati', zipcode: '', district: 'Lalitpur', ward: 3, landmark: 'opposite Bhatbhateni, blue gate', phone: '9841234567' };
    const withSlot = order({ _id: 'o7', number: 10500, address: nepali, slot: { id: '2026-11-24/w1', day: '2026-11-24', start: 480, end: 600 } });
    const calls = serveApi({
      ...seller,
      ...config,
      'GET /api/order/seller': list([withSlot]),
      'GET /api/order/seller?slot=2026-11-24': list([withSlot]),
      'GET /api/order/seller?number=10500': list([withSlot]),
    });
    renderStore('/seller/orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10500' });
    expect(within(card).getByText('Jhamsikhel, Ward 3, Lalitpur Metropolitan City, Lalitpur, Bagmati, Nepal')).toBeInTheDocument();
    expect(within(card).getByText('Landmark: opposite Bhatbhateni, blue gate')).toBeInTheDocument();
    expect(within(card).getByText('Delivery: Tue 24 Nov, 08:00–10:00')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '9841234567' })).toHaveAttribute('href', 'tel:+9779841234567');
    // Five past midnight on the 23rd in Kathmandu: tomorrow is the 24th.
    fireEvent.change(screen.getByLabelText('Delivery day'), { target: { value: 'tomorrow' } });
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/order/seller?slot=2026-11-24')).toBe(true));
    expect(screen.getByLabelText('Delivery day')).toHaveValue('tomorrow');
  });
});

describe('packing slip', () => {
  it('shows what to pack, where it goes and what to collect, and prints', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    serveApi({
      ...seller,
      ...config,
      'GET /api/order/seller?number=10482': list([order({ _id: 'o2', number: 10482 })]),
      'GET /api/order/seller?number=10483': list([]),
    });
    renderStore('/seller/orders/10482/slip');
    const slip = await screen.findByRole('article', { name: 'Packing slip' });
    expect(within(slip).getByText('Haat')).toBeInTheDocument();
    expect(within(slip).getByText('Order #10482')).toBeInTheDocument();
    expect(within(slip).getByRole('row', { name: 'Jumla Red Rice 2' })).toBeInTheDocument();
    expect(within(slip).getByRole('link', { name: '9811111111' })).toHaveAttribute('href', 'tel:+9779811111111');
    expect(within(slip).getByText('To collect: $601.80')).toBeInTheDocument();
    expect(within(slip).getByText('COD')).toBeInTheDocument();
    expect(within(slip).getByText("Customer's signature")).toBeInTheDocument();
    // The amount taken apart: the items, free delivery, the tax.
    expect(within(slip).getByRole('row', { name: 'Items $590' })).toBeInTheDocument();
    expect(within(slip).getByRole('row', { name: 'Delivery fee Free' })).toBeInTheDocument();
    expect(within(slip).getByRole('row', { name: 'Tax (2%) $11.80' })).toBeInTheDocument();
    expect(within(slip).getByRole('row', { name: 'Amount $601.80' })).toBeInTheDocument();
    expect(document.title).toBe('Packing slip #10482 · Haat');
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('shows the delivery fee charged and the VAT it holds, in English and in Nepali', async () => {
    // Rs. 1,000 of rice and Rs. 75 delivery under VAT: 13/113 of Rs. 1,075 is Rs. 123.67.
    const rupees = order({ number: 10490, currency: 'NPR', amount: 1075, deliveryFee: 75, taxRule: 'vat', tax: 123.67,
      bill: bill({ taxRule: 'vat', lines: [590], subtotal: 1000, deliveryFee: 75, taxable: 1075, tax: 123.67, total: 1075 }) });
    serveApi({ ...seller, ...config, 'GET /api/order/seller?number=10490': list([rupees]) });
    const view = renderStore('/seller/orders/10490/slip');
    const slip = await screen.findByRole('article', { name: 'Packing slip' });
    expect(within(slip).getByTestId('slip-items')).toHaveTextContent('Rs. 1,000');
    expect(within(slip).getByTestId('slip-delivery-fee')).toHaveTextContent('Rs. 75');
    expect(within(slip).getByRole('row', { name: 'VAT included (13%) Rs. 123.67' })).toBeInTheDocument();
    expect(within(slip).getByRole('row', { name: 'Amount Rs. 1,075' })).toBeInTheDocument();
    view.unmount();

    await setLanguage('ne');
    try {
      renderStore('/seller/orders/10490/slip');
      const ne = await screen.findByRole('article', { name: 'प्याकिङ स्लिप' });
      expect(within(ne).getByRole('row', { name: 'डेलिभरी शुल्क रु ७५' })).toBeInTheDocument();
      expect(within(ne).getByRole('row', { name: 'सामान रु १,०००' })).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  it('says so when there is no order with that number', async () => {
    serveApi({ ...seller, ...config, 'GET /api/order/seller?number=10483': list([]) });
    renderStore('/seller/orders/10483/slip');
    expect(await screen.findByText('No order with that number')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('packs an order with goods sold by weight: the weight from the scale and an item short', async () => {
    const tomatoes = { ...rice, _id: 'tomatoes', name: 'Local Tomatoes', category: 'Vegetables' as const, offerPrice: 180, soldBy: 'weight' as const, step: 250 };
    const coriander = { ...rice, _id: 'coriander', name: 'Coriander', offerPrice: 20 };
    const placed = order({ items: [{ product: tomatoes, quantity: 3, substitute: 'none' }, { product: coriander, quantity: 1, substitute: 'best' }], needsWeighing: true });
    const packed = order({
      status: 'Packed', nextStatuses: ['Out for Delivery', 'Cancelled'],
      items: [{ product: tomatoes, quantity: 3, packed: { quantity: 3, grams: 820 } }, { product: coriander, quantity: 1, packed: { quantity: 0 } }],
    });
    const calls = serveApi({
      ...seller,
      ...config,
      'GET /api/order/seller': list([placed]),
      'POST /api/order/pack': () => ({ json: { success: true, message: 'Order Packed', order: packed } }),
    });
    renderStore('/seller/orders');
    // Goods sold by weight are packed with their weights, not by a change of status.
    await userEvent.click(await screen.findByRole('button', { name: 'Pack and weigh' }));
    // What the shopper wants if an item is not there.
    expect(screen.getByText('If not there: leave it out')).toBeInTheDocument();
    expect(screen.getByText('If not there: a similar item, no dearer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Packed' })).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Packing of order #10001' });
    const done = within(form).getByRole('button', { name: 'Packed' });
    expect(done).toBeDisabled();
    await userEvent.type(within(form).getByLabelText(/Local Tomatoes/), '820');
    await userEvent.selectOptions(within(form).getByLabelText(/Coriander/), '0');
    await userEvent.click(done);
    expect(await screen.findByText('Order Packed')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/order/pack')?.body).toEqual({
      id: 'o1', lines: [{ product: 'tomatoes', grams: 820 }, { product: 'coriander', quantity: 0 }],
    });
    expect(await screen.findByText('packed 820 g')).toBeInTheDocument();
    expect(screen.getByText('packed 0')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Packing of order #10001' })).not.toBeInTheDocument();
  });

  it('refunds part of a paid order: units of a line up to what is left, a reason and a way; then shows it due, flagged, with its credit note', async () => {
    const delivered = order({ status: 'Delivered', isPaid: true, nextStatuses: [], canRefundPart: true, refundable: [{ product: rice._id, quantity: 2, name: rice.name }] });
    const refund = {
      _id: 'r1', provider: '', reference: '', amount: 295, currency: 'USD', state: 'due' as const, way: 'payment' as const, reason: 'Torn bag',
      lines: [{ product: rice._id, quantity: 1, name: rice.name, amount: 295 }], createdAt: '2026-11-22T10:05:00Z', dueBy: '2026-11-29T10:05:00Z',
      flag: 'near' as const, creditNote: 'CN-2083/84-1',
    };
    const after = { ...delivered, refund: 'due' as const, refunds: [refund], canMarkRefunded: true, refundable: [{ product: rice._id, quantity: 1, name: rice.name }] };
    const calls = serveApi({
      ...seller,
      ...config,
      'GET /api/order/seller': list([delivered]),
      'POST /api/seller/order/refund': () => ({ json: { success: true, message: 'Refund of $295 recorded: make it by 2083 Mangsir 14', order: after, refund } }),
    });
    renderStore('/seller/orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Refund part' }));
    const form = screen.getByRole('form', { name: 'Refund part of order #10001' });
    const units = within(form).getByLabelText('Jumla Red Rice (up to 2)');
    expect(units).toHaveAttribute('max', '2');
    await userEvent.type(units, '1');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Torn bag');
    expect(within(form).getByRole('radio', { name: 'The way it was paid' })).toBeChecked();
    await userEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund of $295 recorded: make it by 2083 Mangsir 14')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/seller/order/refund')?.body).toEqual({
      id: 'o1', lines: [{ product: rice._id, quantity: 1 }], amount: 0, reason: 'Torn bag', way: 'payment',
    });
    const due = screen.getByRole('region', { name: 'Refund due' });
    expect(due).toHaveTextContent('$295 · by hand · Torn bag');
    expect(due).toHaveTextContent('Jumla Red Rice × 1');
    expect(within(due).getByText('Due soon')).toBeInTheDocument();
    expect(within(due).getByRole('link', { name: 'Credit note CN-2083/84-1' })).toHaveAttribute('href', '/seller/orders/10001/invoice?note=CN-2083%2F84-1');
    expect(screen.queryByRole('form', { name: 'Refund part of order #10001' })).not.toBeInTheDocument();
  });
});

describe('order actions', () => {
  it('moves an order on, asks before cancelling, and marks it paid', async () => {
    const calls = serveApi({
      ...seller,
      'GET /api/order/seller': () => ({ json: { success: true, hasMore: false, orders: [order({})] } }),
      'POST /api/order/status': (body) => {
        const { status } = body as { status: string };
        return status === 'Packed'
          ? { json: { success: true, message: 'Order Packed', order: order({ status: 'Packed', nextStatuses: ['Out for Delivery', 'Cancelled'] }) } }
          : { status: 409, json: { success: false, message: 'The order was changed meanwhile. Please try again.' } };
      },
      'POST /api/order/paid': () => ({ json: { success: true, message: 'Marked Paid', order: order({ status: 'Delivered', isPaid: true, nextStatuses: [] }) } }),
    });
    renderStore('/seller/orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10001' });
    expect(within(card).getByText('Jumla Red Rice')).toBeInTheDocument();
    expect(within(card).getByText('$601.80')).toBeInTheDocument();
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(within(card).getByText('Status: Order Placed')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Mark Packed' }));
    expect(await screen.findByText('Order Packed')).toBeInTheDocument();
    expect(within(card).getByText('Status: Packed')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Mark Out for Delivery' })).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Cancel Order' }));
    expect(calls.filter((c) => c.key === 'POST /api/order/status')).toHaveLength(1); // only asked so far
    await userEvent.click(within(card).getByRole('button', { name: 'Keep order' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel Order' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('The order was changed meanwhile. Please try again.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/order/status').map((c) => c.body)).toEqual([
      { id: 'o1', status: 'Packed' },
      { id: 'o1', status: 'Cancelled' },
    ]);
  });

  it('offers Mark Paid only when the server allows it, and pages back', async () => {
    const calls = serveApi({
      ...seller,
      'GET /api/order/seller': () => ({
        json: { success: true, hasMore: true, orders: [order({ status: 'Delivered', nextStatuses: [], canMarkPaid: true })] },
      }),
      'GET /api/order/seller?before=o1': () => ({ json: { success: true, hasMore: false, orders: [order({ _id: 'o0', number: 10000, isPaid: true, paymentType: 'Online' })] } }),
      'POST /api/order/paid': () => ({ json: { success: true, message: 'Marked Paid', order: order({ status: 'Delivered', isPaid: true, nextStatuses: [] }) } }),
    });
    renderStore('/seller/orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10001' });
    expect(within(card).queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Mark Paid' }));
    expect(await within(card).findByText('Paid')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Mark Paid' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    const older = await screen.findByRole('listitem', { name: 'Order #10000' });
    expect(within(older).getByText('Method: Online')).toBeInTheDocument();
    expect(within(older).queryByRole('button', { name: 'Mark Paid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older orders' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /api/order/seller?before=o1')).toBe(true);
  });
});
