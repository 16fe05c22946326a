import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bill, renderStore, rice, serveApi } from '../../test/render';
import type { Adjustment, Order, OrderStatus, Sent, UserOrder } from '../../lib/contract';
import { setLanguage } from '../../i18n';

afterEach(() => vi.unstubAllGlobals());

const signedIn = () => ({ json: { success: true, user: { _id: 'u1', name: 'Sita Gurung', email: 's@example.com', cartItems: {} } } });
const address = { _id: 'a1', firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9811111111' };
const tea = { _id: 'tea', name: 'Ilam Tea', category: 'Drinks' as const, offerPrice: 495.5, image: ['/media/catalogue/tea.webp'] };

describe('my orders', () => {
  it('reports a problem with a delivered order: the lines the server says may be claimed, what was wrong, a note and a photo; then shows the claim', async () => {
    const order: UserOrder = {
      _id: 'o1', number: 10482, address, amount: 590, deliveryFee: 0, taxRule: 'flat', tax: 0, bill: bill({ lines: [590], total: 590 }), currency: 'USD', paymentType: 'COD', status: 'Delivered', isPaid: true, testPayment: false,
      items: [{ product: rice, quantity: 2 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [], canPay: false, canCancel: false, creditUsed: 0, toPay: 590,
    };
    const claim = {
      _id: 'c1', reference: 'C-2083/84-1', order: 'o1', orderNumber: 10482, lines: [{ product: rice._id, quantity: 1, reason: 'damaged' as const, name: rice.name }],
      note: 'Split bag', photos: ['/uploads/a.webp'], state: 'open' as const, createdAt: '2026-11-23T10:05:00Z', decideBy: '2026-12-08T10:05:00Z',
    };
    let claimed = false;
    const calls = serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/order/user': () => ({ json: { success: true, orders: [order] } }),
      'GET /api/order/claims': () => ({
        json: claimed
          ? { success: true, claims: [claim], claimable: { o1: [{ product: rice._id, name: rice.name, quantity: 1, reasons: ['missing', 'damaged', 'wrong', 'quality'] }] } }
          : { success: true, claims: [], claimable: { o1: [{ product: rice._id, name: rice.name, quantity: 2, reasons: ['missing', 'damaged', 'wrong', 'quality', 'return'] }] } },
      }),
      'POST /api/order/claim': () => {
        claimed = true;
        return { json: { success: true, message: 'Claim C-2083/84-1 recorded: we will decide it by 2083 Mangsir 23', claim } };
      },
    });
    renderStore('/my-orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10482' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Report a problem' }));
    const form = within(card).getByRole('form', { name: 'What was not right with order #10482?' });
    await userEvent.selectOptions(within(form).getByLabelText(`${rice.name}: how many (up to 2)`), '1');
    const reason = within(form).getByLabelText(`What was wrong with ${rice.name}`);
    expect(within(reason).getAllByRole('option').map((o) => o.textContent)).toEqual(['Missing', 'Damaged', 'Wrong item', 'Poor quality', 'Return it']);
    await userEvent.selectOptions(reason, 'damaged');
    await userEvent.type(within(form).getByLabelText('Anything to add (optional)'), 'Split bag');
    await userEvent.upload(within(form).getByLabelText('Photos (up to 3)'), new File(['png'], 'bag.png', { type: 'image/png' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Claim C-2083/84-1 recorded: we will decide it by 2083 Mangsir 23')).toBeInTheDocument();
    const sent = calls.find((c) => c.key === 'POST /api/order/claim')?.body as FormData;
    expect(sent.get('id')).toBe('o1');
    expect(JSON.parse(sent.get('lines') as string)).toEqual([{ product: rice._id, quantity: 1, reason: 'damaged' }]);
    expect(sent.get('note')).toBe('Split bag');
    expect((sent.getAll('photos')[0] as File).name).toBe('bag.png');
    const mine = await within(card).findByRole('region', { name: 'Your claims' });
    await waitFor(() => expect(mine).toHaveTextContent(`C-2083/84-1 · ${rice.name} × 1 (Damaged)`));
    expect(mine).toHaveTextContent('We will decide by');
  });

  it('shows the order number and each line as quantity × unit price = line total', async () => {
    const order: Order = {
      _id: '01JD8Z6Q4M3W0V7K2YB9XH5T1C', number: 10482, address, amount: 1612.26, creditUsed: 0, toPay: 1612.26, deliveryFee: 0, taxRule: 'flat', tax: 31.61, bill: bill({ lines: [590, 1486.5], tax: 31.61, total: 1612.26 }), currency: 'USD', paymentType: 'COD', status: 'Order Placed', isPaid: false, testPayment: false,
      items: [{ product: rice, quantity: 2 }, { product: tea, quantity: 3 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [],
    };
    serveApi({ 'GET /api/user/session': signedIn, 'GET /api/order/user': () => ({ json: { success: true, orders: [order] } }) });
    renderStore('/my-orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10482' });
    expect(within(card).getByRole('heading', { name: 'Order #10482' })).toBeInTheDocument();
    const lines = within(card).getAllByTestId('line-total');
    expect(lines.map((l) => l.textContent)).toEqual(['2 × $295 = $590', '3 × $495.50 = $1486.50']);
    expect(within(card).getAllByText(/^Quantity:/).map((q) => q.textContent)).toEqual(['Quantity: 2', 'Quantity: 3']);
    expect(within(card).getByTestId('order-amount')).toHaveTextContent('$1612.26');
  });

  it('takes the amount apart: the items, the delivery fee charged or Free, the tax', async () => {
    const order = (number: number, o: Partial<Order>): Order => ({
      _id: `o${number}`, number, address, amount: 12.5, creditUsed: 0, toPay: 12.5, deliveryFee: 2.3, taxRule: 'flat', tax: 0.2, bill: bill({ lines: [10], subtotal: 10, deliveryFee: 2.3, taxable: 10, tax: 0.2, total: 12.5 }), currency: 'USD', paymentType: 'COD', status: 'Order Placed', isPaid: false, testPayment: false,
      items: [{ product: { ...tea, offerPrice: 5 }, quantity: 2 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [], ...o,
    });
    serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/order/user': () => ({ json: { success: true, orders: [order(10002, {}), order(10001, { amount: 10.2, deliveryFee: 0, bill: bill({ lines: [10], subtotal: 10, taxable: 10, tax: 0.2, total: 10.2 }) })] } }),
    });
    renderStore('/my-orders');
    const charged = await screen.findByRole('listitem', { name: 'Order #10002' });
    expect(within(charged).getByText('Items').nextSibling).toHaveTextContent('$10');
    expect(within(charged).getByTestId('order-delivery-fee')).toHaveTextContent('$2.30');
    expect(within(charged).getByText('Delivery fee')).toBeInTheDocument();
    expect(within(charged).getByTestId('order-tax')).toHaveTextContent('$0.20');
    expect(within(charged).getByText('Tax (2%)')).toBeInTheDocument();
    expect(within(charged).getByTestId('order-amount')).toHaveTextContent('$12.50');
    const free = screen.getByRole('listitem', { name: 'Order #10001' });
    expect(within(free).getByTestId('order-delivery-fee')).toHaveTextContent('Free');
    expect(within(free).getByText('Items').nextSibling).toHaveTextContent('$10');
  });

  it('shows the items, the delivery fee and the VAT held in Nepali', async () => {
    await setLanguage('ne');
    try {
      const order: Order = {
        _id: 'o1', number: 10003, address, amount: 1075, creditUsed: 0, toPay: 1075, deliveryFee: 75, taxRule: 'vat', tax: 123.67, bill: bill({ taxRule: 'vat', lines: [1000], subtotal: 1000, deliveryFee: 75, taxable: 1075, tax: 123.67, total: 1075 }), currency: 'NPR', paymentType: 'COD', status: 'Order Placed', isPaid: false, testPayment: false,
        items: [{ product: { ...tea, offerPrice: 500, nameNe: 'इलामको चिया' }, quantity: 2 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [],
      };
      serveApi({ 'GET /api/user/session': signedIn, 'GET /api/order/user': () => ({ json: { success: true, orders: [order] } }) });
      renderStore('/my-orders');
      const card = await screen.findByRole('listitem', { name: 'अर्डर #१०००३' });
      // The item is named as it was in Nepali when ordered.
      expect(within(card).getByText('इलामको चिया')).toBeInTheDocument();
      expect(within(card).getByText('डेलिभरी शुल्क')).toBeInTheDocument();
      expect(within(card).getByTestId('order-delivery-fee')).toHaveTextContent('रु ७५');
      expect(within(card).getByText('सामान').nextSibling).toHaveTextContent('रु १,०००');
      expect(within(card).getByText('समावेश भ्याट (१३%)')).toBeInTheDocument();
      expect(within(card).getByTestId('order-tax')).toHaveTextContent('रु १२३.६७');
    } finally {
      await setLanguage('en');
    }
  });

  it('offers Pay Now on exactly the orders the server says can be paid', async () => {
    const online = (number: number, status: OrderStatus, canPay: boolean): UserOrder => ({
      _id: `o${number}`, number, address, amount: 300.9, creditUsed: 0, toPay: 300.9, deliveryFee: 0, taxRule: 'flat', tax: 5.9, bill: bill({ lines: [295], subtotal: 295, taxable: 295, tax: 5.9, total: 300.9 }), currency: 'USD', paymentType: 'Online', status, isPaid: false, testPayment: false, canPay, canCancel: false,
      items: [{ product: rice, quantity: 1 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [],
    });
    serveApi({
      'GET /api/config': () => ({ json: { success: true, currency: 'USD', currencySymbol: '$', paymentMethods: [{ id: 'sandbox', label: 'Test payment' }] } }),
      'GET /api/user/session': signedIn,
      // The page follows the server's word, whatever the status reads: the second order is not offered.
      'GET /api/order/user': () => ({ json: { success: true, orders: [online(10002, 'Payment Failed', true), online(10001, 'Awaiting Payment', false)] } }),
    });
    renderStore('/my-orders');
    const payable = await screen.findByRole('listitem', { name: 'Order #10002' });
    expect(await within(payable).findByRole('button', { name: 'Pay Now' })).toBeEnabled();
    const other = screen.getByRole('listitem', { name: 'Order #10001' });
    expect(within(other).queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('cancels an order after asking once more', async () => {
    let status: OrderStatus = 'Order Placed';
    const order = (): UserOrder => ({
      _id: 'o1', number: 10482, address, amount: 300.9, creditUsed: 0, toPay: 300.9, deliveryFee: 0, taxRule: 'flat', tax: 5.9, bill: bill({ lines: [295], subtotal: 295, taxable: 295, tax: 5.9, total: 300.9 }), currency: 'USD', paymentType: 'COD', status, isPaid: false, testPayment: false, canPay: false, canCancel: status === 'Order Placed',
      items: [{ product: rice, quantity: 1 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [],
    });
    const calls = serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/order/user': () => ({ json: { success: true, orders: [order()] } }),
      'POST /api/order/cancel': () => {
        status = 'Cancelled';
        return { json: { success: true, message: 'Order Cancelled', order: order() } };
      },
    });
    renderStore('/my-orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10482' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Cancel order' }));
    expect(within(card).getByText('Cancel order #10482? This cannot be undone.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Keep order' }));
    expect(calls.some((c) => c.key === 'POST /api/order/cancel')).toBe(false);
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Order Cancelled')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/order/cancel')?.body).toEqual({ id: 'o1' });
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument());
  });

  it('puts an order back into the cart and names what is no longer sold', async () => {
    const old: UserOrder = {
      _id: 'o1', number: 10482, address, amount: 1612.26, creditUsed: 0, toPay: 1612.26, deliveryFee: 0, taxRule: 'flat', tax: 31.61, bill: bill({ lines: [590, 1486.5], tax: 31.61, total: 1612.26 }), currency: 'USD', paymentType: 'COD', status: 'Delivered', isPaid: true, testPayment: false, canPay: false, canCancel: false,
      items: [{ product: rice, quantity: 2 }, { product: tea, quantity: 3 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [],
    };
    serveApi({ 'GET /api/order/user': () => ({ json: { success: true, orders: [old] } }), 'GET /api/user/session': signedIn, 'POST /api/cart/update': () => ({ json: { success: true } }) });
    renderStore('/my-orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10482' });
    expect(within(card).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Order again' }));
    expect(await screen.findByText('No longer available: Ilam Tea')).toBeInTheDocument();
    expect(await screen.findByText('2 items from this order added to your cart')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
  });
});

describe('a substitute sent for an item that was not there', () => {
  const coriander = { _id: 'c', name: 'Coriander', nameNe: 'धनियाँ', category: 'Vegetables' as const, offerPrice: 20, image: [] };
  const parsley = { _id: 'p', name: 'Parsley', nameNe: 'पार्सले', category: 'Vegetables' as const, offerPrice: 15, image: [] };
  const short: Adjustment = { kind: 'short', label: 'Coriander: 0 of 2 packed', amount: -40, product: 'c' };
  const instead: Adjustment = { kind: 'substitute', label: 'Parsley × 2 instead of Coriander', amount: 30, product: 'c' };
  const inTen = () => new Date(Date.now() + 10 * 60_000).toISOString();
  /** packed is order #10490, rice and 2 coriander packed with none of the coriander and 2 parsley sent instead; refused takes the parsley off the bill. */
  const packed = (sent: Partial<Sent>): UserOrder => {
    const kept = sent.answer !== 'refused';
    const b = kept
      ? bill({ lines: [295, 40], subtotal: 335, adjustments: [short, instead], taxable: 325, tax: 6.5, total: 331.5 })
      : bill({ lines: [295, 40], subtotal: 335, adjustments: [short], taxable: 295, tax: 5.9, total: 300.9 });
    return {
      _id: 'o1', number: 10490, address, amount: b.total, creditUsed: 0, toPay: b.total, deliveryFee: 0, taxRule: 'flat', tax: b.tax, bill: b, currency: 'USD', paymentType: 'COD', status: 'Packed', isPaid: false, testPayment: false, canPay: false, canCancel: false,
      items: [
        { product: rice, quantity: 1, packed: { quantity: 1 } },
        { product: coriander, quantity: 2, packed: { quantity: 0, substitute: { product: parsley, quantity: 2, amount: 30, answer: 'awaited', ...sent } } },
      ],
      createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [],
    };
  };
  const clock = (iso: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  /** serveOffer serves the shopper order #10490 with its parsley offered until answerBy; an answer makes the order what answered says, and is answered with reply. */
  const serveOffer = (answerBy: string, answered: Partial<Sent>, reply: { status?: number; json: Record<string, unknown> }) => {
    let order = packed({ answerBy });
    return serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/order/user': () => ({ json: { success: true, orders: [order] } }),
      'POST /api/order/substitute': () => {
        order = packed({ answerBy, ...answered });
        return reply.json.success ? { ...reply, json: { ...reply.json, order } } : reply;
      },
    });
  };

  it('asks the shopper to keep or refuse it by its time, and keeps it', async () => {
    const answerBy = inTen();
    const calls = serveOffer(answerBy, { answer: 'accepted' }, { json: { success: true, message: 'Substitute accepted' } });
    renderStore('/my-orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10490' });
    const offer = within(card).getByRole('group', { name: 'Substitute for Coriander' });
    expect(within(offer).getByText('Coriander was not there. We packed Parsley × 2 ($30) instead.')).toBeInTheDocument();
    expect(within(offer).getByText(`Answer by ${clock(answerBy)}`)).toBeInTheDocument();
    expect(offer).toHaveTextContent('If you do not answer, it stays in your order.');
    // The bill names the substitute from the order's items.
    expect(within(card).getByText('Parsley × 2 instead of Coriander')).toBeInTheDocument();
    await userEvent.click(within(offer).getByRole('button', { name: 'Keep it' }));
    expect(await screen.findByText('Substitute accepted')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/order/substitute')?.body).toEqual({ id: 'o1', product: 'c', accept: true });
    expect(await within(card).findByText('Sent instead: Parsley × 2 — $30')).toBeInTheDocument();
    expect(within(card).queryByRole('group', { name: 'Substitute for Coriander' })).not.toBeInTheDocument();
    // The answer's order took the old one's place: the orders were not loaded again.
    expect(calls.filter((c) => c.key.startsWith('GET /api/order/user'))).toHaveLength(1);
  });

  it('refuses it: taken out of the order, not charged', async () => {
    const answerBy = inTen();
    const calls = serveOffer(answerBy, { answer: 'refused' }, { json: { success: true, message: 'Substitute refused' } });
    renderStore('/my-orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10490' });
    expect(within(card).getByTestId('order-amount')).toHaveTextContent('$331.50');
    await userEvent.click(within(card).getByRole('button', { name: 'Refuse it' }));
    expect(await screen.findByText('Substitute refused')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/order/substitute')?.body).toEqual({ id: 'o1', product: 'c', accept: false });
    expect(await within(card).findByText('Parsley × 2 sent instead: refused — not charged')).toBeInTheDocument();
    expect(within(card).getByTestId('order-amount')).toHaveTextContent('$300.90');
    expect(within(card).queryByText('Parsley × 2 instead of Coriander')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Keep it' })).not.toBeInTheDocument();
  });

  it('shows a refused one as not charged, and one named or kept as sent, with no buttons', async () => {
    serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/order/user': () => ({
        json: {
          success: true,
          orders: [
            { ...packed({ answer: 'refused', answerBy: '2026-11-22T10:45:00Z' }), _id: 'o3', number: 10493 },
            { ...packed({ answer: 'named' }), _id: 'o2', number: 10492 },
            // Unanswered when its time ended: the server keeps it, whatever the answer it was sent with.
            { ...packed({ answerBy: new Date(Date.now() - 60_000).toISOString() }), _id: 'o1', number: 10491 },
          ],
        },
      }),
    });
    renderStore('/my-orders');
    const refused = await screen.findByRole('listitem', { name: 'Order #10493' });
    expect(within(refused).getByText('Parsley × 2 sent instead: refused — not charged')).toBeInTheDocument();
    expect(within(refused).queryByText('Parsley × 2 instead of Coriander')).not.toBeInTheDocument();
    for (const name of ['Order #10492', 'Order #10491']) {
      const card = screen.getByRole('listitem', { name });
      expect(within(card).getByText('Sent instead: Parsley × 2 — $30')).toBeInTheDocument();
      expect(within(card).getByText('Parsley × 2 instead of Coriander')).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Keep it' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refuse it' })).not.toBeInTheDocument();
  });

  it('shows the server\'s reason when the answer comes too late, and the order as it stands', async () => {
    const answerBy = inTen();
    const calls = serveOffer(
      answerBy,
      { answer: 'accepted', answerBy: new Date(Date.now() - 1000).toISOString() },
      { status: 409, json: { success: false, message: 'The time to answer has passed: the substitute stays in your order' } },
    );
    renderStore('/my-orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10490' });
    await userEvent.click(within(card).getByRole('button', { name: 'Refuse it' }));
    expect(await screen.findByText('The time to answer has passed: the substitute stays in your order')).toBeInTheDocument();
    expect(await within(card).findByText('Sent instead: Parsley × 2 — $30')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('GET /api/order/user'))).toHaveLength(2);
  });

  it('takes the substitute as kept once the time to answer ends, without loading the orders again', async () => {
    // The clock runs as it does, and jumps to the end of the time to answer when told.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const calls = serveApi({ 'GET /api/user/session': signedIn, 'GET /api/order/user': () => ({ json: { success: true, orders: [packed({ answerBy: inTen() })] } }) });
      renderStore('/my-orders');
      const card = await screen.findByRole('listitem', { name: 'Order #10490' });
      expect(within(card).getByRole('button', { name: 'Keep it' })).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(10 * 60_000);
      });
      expect(await within(card).findByText('Sent instead: Parsley × 2 — $30')).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'Keep it' })).not.toBeInTheDocument();
      expect(calls.filter((c) => c.key.startsWith('GET /api/order/user'))).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks in Nepali, with Devanagari digits', async () => {
    await setLanguage('ne');
    try {
      const answerBy = inTen();
      serveApi({ 'GET /api/user/session': signedIn, 'GET /api/order/user': () => ({ json: { success: true, orders: [packed({ answerBy })] } }) });
      renderStore('/my-orders');
      const card = await screen.findByRole('listitem', { name: 'अर्डर #१०४९०' });
      const offer = within(card).getByRole('group', { name: 'धनियाँ को सट्टा सामान' });
      expect(offer).toHaveTextContent('धनियाँ थिएन। त्यसको सट्टा हामीले पार्सले × २ ($३०) राखेका छौं।');
      expect(offer).toHaveTextContent(`${clock(answerBy).replace(/[0-9]/g, (d) => '०१२३४५६७८९'[Number(d)] ?? d)} सम्ममा जवाफ दिनुहोस्`);
      expect(offer).not.toHaveTextContent(/[0-9]/);
      expect(within(offer).getByRole('button', { name: 'यो राख्छु' })).toBeInTheDocument();
      expect(within(offer).getByRole('button', { name: 'यो चाहिँदैन' })).toBeInTheDocument();
      expect(within(card).getByText('धनियाँ को सट्टा पार्सले × २')).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  it('shows the newest 20 orders, then the next older ones each time Show more orders is pressed, until there are none left', async () => {
    // 45 orders, newest first, as the server pages them: limit of them older than before.
    const all: UserOrder[] = Array.from({ length: 45 }, (_, i) => ({
      _id: `o${45 - i}`, number: 10045 - i, address, amount: 590, creditUsed: 0, toPay: 590, deliveryFee: 0, taxRule: 'flat', tax: 0, bill: bill({ lines: [590], total: 590 }), currency: 'USD', paymentType: 'COD', status: 'Delivered', isPaid: true, testPayment: false,
      items: [{ product: rice, quantity: 2 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [], canPay: false, canCancel: false,
    }));
    const calls = serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/order/user': (_body, query) => {
        const limit = Number(query.get('limit'));
        const before = query.get('before');
        const from = before ? all.findIndex((o) => o._id === before) + 1 : 0;
        return { json: { success: true, orders: all.slice(from, from + limit), hasMore: from + limit < all.length } };
      },
      'GET /api/order/claims': () => ({ json: { success: true, claims: [], claimable: {} } }),
    });
    renderStore('/my-orders');
    expect(await screen.findByRole('listitem', { name: 'Order #10045' })).toBeInTheDocument();
    const cards = () => screen.getAllByRole('listitem', { name: /^Order #/ });
    expect(cards()).toHaveLength(20);
    expect(screen.queryByRole('listitem', { name: 'Order #10025' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show more orders' }));
    expect(await screen.findByRole('listitem', { name: 'Order #10025' })).toBeInTheDocument();
    expect(cards()).toHaveLength(40);
    await userEvent.click(screen.getByRole('button', { name: 'Show more orders' }));
    expect(await screen.findByRole('listitem', { name: 'Order #10001' })).toBeInTheDocument();
    expect(cards()).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Show more orders' })).not.toBeInTheDocument();
    // Each page asks for 20, after the last order of the page before; the orders' every part still shows.
    expect(calls.filter((c) => c.key.startsWith('GET /api/order/user')).map((c) => c.key)).toEqual([
      'GET /api/order/user?limit=20',
      'GET /api/order/user?limit=20&before=o26',
      'GET /api/order/user?limit=20&before=o6',
    ]);
    expect(within(screen.getByRole('listitem', { name: 'Order #10001' })).getByRole('link', { name: 'Tax invoice for order #10001' })).toBeInTheDocument();
  });

  it('offers more orders in Nepali', async () => {
    await setLanguage('ne');
    try {
      const order = (n: number): UserOrder => ({
        _id: `o${n}`, number: 10000 + n, address, amount: 590, creditUsed: 0, toPay: 590, deliveryFee: 0, taxRule: 'flat', tax: 0, bill: bill({ lines: [590], total: 590 }), currency: 'USD', paymentType: 'COD', status: 'Order Placed', isPaid: false, testPayment: false,
        items: [{ product: rice, quantity: 1 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [], canPay: false, canCancel: false,
      });
      serveApi({
        'GET /api/user/session': signedIn,
        'GET /api/order/user': (_body, query) => ({ json: query.get('before') ? { success: true, orders: [order(1)] } : { success: true, orders: [order(2)], hasMore: true } }),
      });
      renderStore('/my-orders');
      await userEvent.click(await screen.findByRole('button', { name: 'थप अर्डरहरू देखाउनुहोस्' }));
      expect(await screen.findByRole('listitem', { name: 'अर्डर #१०००१' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'थप अर्डरहरू देखाउनुहोस्' })).not.toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});
