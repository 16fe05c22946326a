import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bill, renderStore, serveApi } from '../../test/render';
import { setLanguage } from '../../i18n';
import type { InvoiceResponse } from '../../lib/contract';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
  localStorage.clear();
});

const seller = { 'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }) };
const npr = { 'GET /api/config': () => ({ json: { success: true, currency: 'NPR', currencySymbol: 'Rs.', paymentMethods: [] } }) };
const sita = { 'GET /api/user/session': () => ({ json: { success: true, user: { _id: 'u1', name: 'Sita', email: 'sita@example.com', cartItems: {}, cartVersion: 0 } } }) };

const address = {
  _id: 'a1', firstName: 'Sita', lastName: 'Sharma', email: '', street: 'Tole Marga', city: 'Kathmandu Metropolitan City', state: 'Bagmati',
  zipcode: '', country: 'Nepal', phone: '9841234567', district: 'Kathmandu', ward: 10,
};

/** answer is an invoice of two lines: rice 2 × Rs. 295 and ghee 1 × Rs. 1,180.50, Rs. 75 delivery, the 2% tax on the subtotal. */
const answer: InvoiceResponse = {
  success: true,
  invoice: {
    orderId: 'o1', fiscalYear: '2082/83', number: 17, code: '2082/83-17', issuedAt: '2025-07-17T04:00:00Z',
    dateBs: { year: 2082, month: 4, day: 1 }, dateAd: '2025-07-17', creditNotes: [],
    seller: { legalName: 'Haat Traders Pvt. Ltd.', address: 'Baneshwor-10, Kathmandu', pan: '601234567' },
    totals: { taxRule: 'flat', subtotal: 1770.5, deliveryFee: 75, adjustments: [], tax: 35.41, taxableExVat: 0, exempt: 0, total: 1880.91 },
  },
  order: {
    _id: 'o1', number: 10482, address, amount: 1880.91, creditUsed: 0, toPay: 1880.91, deliveryFee: 75, tax: 35.41, taxRule: 'flat',
    bill: bill({ lines: [590, 1180.5], subtotal: 1770.5, deliveryFee: 75, taxable: 1770.5, tax: 35.41, total: 1880.91 }), currency: 'NPR', paymentType: 'COD', status: 'Delivered', isPaid: true, testPayment: false,
    items: [
      { product: { _id: 'rice', name: 'Jumla Red Rice', category: 'Grains', offerPrice: 295, image: [] }, quantity: 2 },
      { product: { _id: 'ghee', name: 'Cow Ghee', category: 'Dairy', offerPrice: 1180.5, image: [] }, quantity: 1 },
    ],
    createdAt: '2025-07-16T04:00:00Z', updatedAt: '2025-07-17T04:00:00Z', events: [],
  },
};

describe('tax invoice', () => {
  it("shows a coupon's shares of the lines as one discount, before the tax", async () => {
    const adjustments = [
      { kind: 'coupon' as const, label: 'DASHAIN10', amount: -59, product: 'rice' },
      { kind: 'coupon' as const, label: 'DASHAIN10', amount: -118.05, product: 'ghee' },
    ];
    const discounted = { ...answer, invoice: { ...answer.invoice, totals: { ...answer.invoice.totals, adjustments, discount: 177.05, tax: 31.87, total: 1700.32 } } };
    serveApi({ ...seller, ...npr, 'GET /api/seller/order/invoice?number=10482': () => ({ json: discounted }) });
    renderStore('/seller/orders/10482/invoice');
    const doc = await screen.findByTestId('tax-invoice');
    expect(within(doc).getAllByText('Discount (DASHAIN10)')).toHaveLength(1);
    expect(within(doc).queryByText('DASHAIN10')).toBeNull();
    expect(doc).toHaveTextContent('-Rs. 177.05');
  });

  it('lists its credit notes, and prints one alone: its number, the invoice it names, the lines, the reason and the VAT given back', async () => {
    const note = {
      orderId: 'o1', refundId: 'r1', fiscalYear: '2082/83', number: 3, code: 'CN-2082/83-3', invoice: '2082/83-17', issuedAt: '2025-07-20T04:00:00Z',
      dateBs: { year: 2082, month: 4, day: 4 }, dateAd: '2025-07-20', seller: answer.invoice.seller,
      lines: [{ product: 'p1', quantity: 1, name: 'Jumla Red Rice', amount: 295 }], reason: 'Torn bag',
      totals: { taxRule: 'vat' as const, subtotal: 0, deliveryFee: 0, adjustments: [], tax: 33.94, taxableExVat: 261.06, exempt: 0, total: 295 },
    };
    const withNote = { ...answer, invoice: { ...answer.invoice, creditNotes: [note] } };
    serveApi({ ...seller, ...npr, 'GET /api/seller/order/invoice?number=10482': () => ({ json: withNote }) });
    renderStore('/seller/orders/10482/invoice');
    await screen.findByTestId('tax-invoice');
    const list = screen.getByRole('region', { name: 'Credit notes' });
    await userEvent.click(within(list).getByRole('link', { name: 'CN-2082/83-3 · 20 Jul 2025' }));
    const doc = await screen.findByTestId('credit-note');
    expect(screen.queryByTestId('tax-invoice')).toBeNull();
    expect(within(doc).getByRole('heading', { name: 'Credit Note' })).toBeInTheDocument();
    const meta = (term: string) => within(doc).getByText(term).nextElementSibling?.textContent;
    expect(meta('Credit note No.')).toBe('CN-2082/83-3');
    expect(meta('Against invoice')).toBe('2082/83-17');
    expect(meta('Date (BS)')).toBe('2082 Shrawan 4');
    const rows = within(doc).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toContain('1Jumla Red Rice1Rs. 295.00');
    expect(rows).toContain('Reason: Torn bag');
    expect(rows).toContain('Taxable amount (excl. VAT)Rs. 261.06');
    expect(rows).toContain('VAT (13%)Rs. 33.94');
    expect(within(doc).getByTestId('credit-note-total')).toHaveTextContent('Rs. 295.00');
  });

  it('shows the seller a printable invoice: details, number, BS and AD dates, buyer, lines and totals', async () => {
    const calls = serveApi({ ...seller, ...npr, 'GET /api/seller/order/invoice?number=10482': () => ({ json: answer }) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderStore('/seller/orders/10482/invoice');
    const doc = await screen.findByTestId('tax-invoice');
    expect(within(doc).getByRole('heading', { name: 'Tax Invoice' })).toBeInTheDocument();
    expect(within(doc).getByText('Haat Traders Pvt. Ltd.')).toBeInTheDocument();
    expect(within(doc).getByText('Baneshwor-10, Kathmandu')).toBeInTheDocument();
    expect(within(doc).getByText('601234567')).toBeInTheDocument();
    const meta = (term: string) => within(doc).getByText(term).nextElementSibling?.textContent;
    expect(meta('Invoice No.')).toBe('2082/83-17');
    expect(meta('Fiscal year')).toBe('2082/83');
    expect(meta('Date (BS)')).toBe('2082 Shrawan 1');
    expect(meta('Date (AD)')).toBe('17 Jul 2025');
    expect(meta('Order No.')).toBe('#10482');
    expect(within(doc).getByText('Sita Sharma')).toBeInTheDocument();
    expect(within(doc).getByText(/9841234567/)).toBeInTheDocument();
    const rows = within(doc).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toContain('1Jumla Red Rice2Rs. 295.00Rs. 590.00');
    expect(rows).toContain('2Cow Ghee1Rs. 1,180.50Rs. 1,180.50');
    expect(rows).toContain('SubtotalRs. 1,770.50');
    expect(rows).toContain('Delivery feeRs. 75.00');
    expect(rows).toContain('Tax (2%)Rs. 35.41');
    expect(within(doc).getByTestId('invoice-total')).toHaveTextContent('Rs. 1,880.91');
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    expect(calls.some((c) => c.key === 'GET /api/seller/order/invoice?number=10482')).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/seller/orders');
  });

  it('splits the total under Nepal VAT into the taxable amount, the VAT and the exempt goods', async () => {
    const vat: InvoiceResponse = {
      ...answer,
      invoice: { ...answer.invoice, totals: { taxRule: 'vat', subtotal: 1770.5, deliveryFee: 75, adjustments: [], tax: 144.44, taxableExVat: 1111.06, exempt: 590, total: 1845.5 } },
      order: {
        ...answer.order, amount: 1845.5, tax: 144.44, taxRule: 'vat',
        items: [{ ...answer.order.items[0]!, product: { ...answer.order.items[0]!.product, vatExempt: true } }, answer.order.items[1]!],
      },
    };
    serveApi({ ...seller, ...npr, 'GET /api/seller/order/invoice?number=10482': () => ({ json: vat }) });
    renderStore('/seller/orders/10482/invoice');
    const doc = await screen.findByTestId('tax-invoice');
    const rows = within(doc).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toContain('1Jumla Red RiceVAT-exempt2Rs. 295.00Rs. 590.00');
    expect(rows).toContain('SubtotalRs. 1,770.50');
    expect(rows).toContain('Delivery feeRs. 75.00');
    expect(rows).toContain('Taxable amount (excl. VAT)Rs. 1,111.06');
    expect(rows).toContain('VAT (13%)Rs. 144.44');
    expect(rows).toContain('VAT-exempt amountRs. 590.00');
    expect(rows.some((r) => r?.startsWith('Tax (2%)'))).toBe(false);
    expect(within(doc).getByTestId('invoice-total')).toHaveTextContent('Rs. 1,845.50');
  });

  it('writes the invoice in Nepali with Devanagari digits and Nepali month names', async () => {
    await setLanguage('ne');
    serveApi({ ...seller, ...npr, 'GET /api/seller/order/invoice?number=10482': () => ({ json: answer }) });
    renderStore('/seller/orders/10482/invoice');
    const doc = await screen.findByTestId('tax-invoice');
    expect(within(doc).getByRole('heading', { name: 'कर बीजक' })).toBeInTheDocument();
    const meta = (term: string) => within(doc).getByText(term).nextElementSibling?.textContent;
    expect(meta('बीजक नं.')).toBe('२०८२/८३-१७');
    expect(meta('आर्थिक वर्ष')).toBe('२०८२/८३');
    expect(meta('मिति (वि.सं.)')).toBe('२०८२ साउन १');
    expect(meta('मिति (ई.सं.)')).toBe('१७ जुलाई २०२५');
    expect(within(doc).getByTestId('invoice-total')).toHaveTextContent('रु १,८८०.९१');
  });

  it("shows the shopper their own order's invoice, and says why an order has none", async () => {
    serveApi({
      ...sita,
      ...npr,
      'GET /api/order/invoice?id=o1': () => ({ json: answer }),
      'GET /api/order/invoice?id=o2': () => ({
        status: 404,
        json: { success: false, message: "This order has no tax invoice: it was delivered before the store's invoice details were set" },
      }),
    });
    const { unmount } = renderStore('/my-orders/o1/invoice');
    const doc = await screen.findByTestId('tax-invoice');
    expect(within(doc).getByText('2082/83-17')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/my-orders');
    unmount();
    renderStore('/my-orders/o2/invoice');
    expect(await screen.findByText("This order has no tax invoice: it was delivered before the store's invoice details were set")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('names under a line the substitute delivered in place of what was not there, and none refused', async () => {
    const parsley = { _id: 'p', name: 'Parsley', nameNe: 'पार्सले', category: 'Vegetables' as const, offerPrice: 15, image: [] };
    const butter = { _id: 'b', name: 'Butter', category: 'Dairy' as const, offerPrice: 1000, image: [] };
    const adjustments = [
      { kind: 'short' as const, label: 'Coriander: 0 of 2 packed', amount: -40, product: 'c' },
      { kind: 'substitute' as const, label: 'Parsley × 2 instead of Coriander', amount: 30, product: 'c' },
      { kind: 'short' as const, label: 'Cow Ghee: 0 of 1 packed', amount: -1180.5, product: 'ghee' },
    ];
    const substituted: InvoiceResponse = {
      ...answer,
      invoice: { ...answer.invoice, totals: { ...answer.invoice.totals, subtotal: 1810.5, adjustments, tax: 12.2, total: 707.2 } },
      order: {
        ...answer.order,
        bill: bill({ lines: [590, 40, 1180.5], subtotal: 1810.5, adjustments, deliveryFee: 75, taxable: 620, tax: 12.2, total: 707.2 }),
        items: [
          answer.order.items[0]!,
          { product: { _id: 'c', name: 'Coriander', nameNe: 'धनियाँ', category: 'Vegetables', offerPrice: 20, image: [] }, quantity: 2, packed: { quantity: 0, substitute: { product: parsley, quantity: 2, amount: 30, answer: 'accepted' } } },
          { ...answer.order.items[1]!, packed: { quantity: 0, substitute: { product: butter, quantity: 1, amount: 1000, answer: 'refused' } } },
        ],
      },
    };
    serveApi({ ...sita, ...npr, 'GET /api/order/invoice?id=o1': () => ({ json: substituted }) });
    const { unmount } = renderStore('/my-orders/o1/invoice');
    const doc = await screen.findByTestId('tax-invoice');
    const row = (name: string) => within(doc).getByText(name).closest('tr');
    expect(row('Coriander')).toHaveTextContent('delivered 0');
    expect(row('Coriander')).toHaveTextContent('Parsley × 2 instead');
    expect(row('Cow Ghee')).toHaveTextContent('delivered 0');
    expect(row('Cow Ghee')).not.toHaveTextContent('instead');
    expect(row('Parsley × 2 instead of Coriander')).toHaveTextContent('Rs. 30.00');
    expect(within(doc).queryByText(/Butter/)).not.toBeInTheDocument();
    unmount();

    await setLanguage('ne');
    serveApi({ ...seller, ...npr, 'GET /api/seller/order/invoice?number=10482': () => ({ json: substituted }) });
    renderStore('/seller/orders/10482/invoice');
    const inNepali = await screen.findByTestId('tax-invoice');
    expect(within(inNepali).getByText('धनियाँ').closest('tr')).toHaveTextContent('सट्टामा पार्सले × २');
    expect(within(inNepali).getByText('धनियाँ को सट्टा पार्सले × २').closest('tr')).toHaveTextContent('रु ३०.००');
  });

  it('links a delivered order to its invoice in My Orders', async () => {
    const order = { ...answer.order, canPay: false, canCancel: false };
    serveApi({ ...sita, 'GET /api/order/user': () => ({ json: { success: true, orders: [order, { ...order, _id: 'o3', number: 10483, status: 'Packed' }] } }) });
    renderStore('/my-orders');
    const link = await screen.findByRole('link', { name: 'Tax invoice for order #10482' });
    expect(link).toHaveAttribute('href', '/my-orders/o1/invoice');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Tax invoice for order #10483' })).not.toBeInTheDocument());
  });
});

describe('tax invoice settings', () => {
  it('sets the registered name, address and PAN, refusing a PAN that is not 9 digits', async () => {
    const calls = serveApi({
      ...seller,
      ...npr,
      'POST /api/seller/settings': (body) => ({ json: { success: true, message: 'Settings saved', settings: { delivery: null, ...(body as object) } } }),
    });
    renderStore('/seller/settings');
    const on = await screen.findByRole('checkbox', { name: 'Issue tax invoices' });
    expect(on).not.toBeChecked();
    expect(screen.getByText('Without these details, delivered orders get no tax invoice.')).toBeInTheDocument();
    await userEvent.click(on);
    await userEvent.type(screen.getByLabelText('Registered business name'), 'Haat Traders Pvt. Ltd.');
    await userEvent.type(screen.getByLabelText('Business address'), 'Baneshwor-10, Kathmandu');
    await userEvent.type(screen.getByLabelText('PAN/VAT number'), '60123');
    const save = within(screen.getByRole('region', { name: 'Tax invoice' })).getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    expect(await screen.findByText('The PAN/VAT number is 9 digits, like 123456789')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/seller/settings')).toBe(false);
    await userEvent.type(screen.getByLabelText('PAN/VAT number'), '4567');
    await userEvent.click(save);
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/seller/settings')?.body).toEqual({
      invoice: { legalName: 'Haat Traders Pvt. Ltd.', address: 'Baneshwor-10, Kathmandu', pan: '601234567' },
    });
    expect(screen.getByText(/Orders delivered before these details are set get no tax invoice/)).toBeInTheDocument();
  });
});
