import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, serveApi } from '../../test/render';
import type { DeliveryRules, PaymentMethod, StoreSettings } from '../../lib/contract';
import { demoSettings } from '../../test/demo';

afterEach(() => vi.unstubAllGlobals());

const allOnline: PaymentMethod[] = [
  { id: 'stripe', label: 'Card' },
  { id: 'esewa', label: 'eSewa' },
  { id: 'khalti', label: 'Khalti' },
  { id: 'sandbox', label: 'Test payment' },
];

/** valley is the demo rupee store's delivery rule: Rs. 75 below Rs. 1,000, in the Kathmandu Valley. */
const valley: DeliveryRules = { districts: ['Bhaktapur', 'Kathmandu', 'Lalitpur'], fee: 75, freeFrom: 1000, minimumOrder: 0 };

function store(currency: 'USD' | 'NPR', paymentMethods: PaymentMethod[], delivery: DeliveryRules | null = currency === 'NPR' ? valley : null, change: Partial<StoreSettings> = {}) {
  const currencySymbol = currency === 'USD' ? '$' : 'Rs.';
  return serveApi({
    'GET /api/config': () => ({ json: { success: true, currency, currencySymbol, paymentMethods } }),
    'GET /api/settings': () => ({ json: { success: true, settings: { ...demoSettings, delivery, ...change } } }),
  });
}

/** methods reads the names in the Payment Methods tab, in order. */
async function methods() {
  const list = await screen.findByRole('list', { name: 'Payment Methods' }, { timeout: 5000 });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);
}

// Promises the store does not keep, which earlier copy made.
const untrue = [/NPR/, /bank transfer/i, /wallet credit/i, /digital wallets/i, /slots?\b/i, /6 PM/, /under 30 minutes/i, /visa/i];

function expectNoUntrueCopy() {
  const text = document.body.textContent ?? '';
  for (const claim of untrue) expect(text).not.toMatch(claim);
}

describe('help centre', () => {
  it('lists cash on delivery only when no online payment is configured', async () => {
    store('USD', []);
    renderStore('/contact?tab=payment');
    expect(await methods()).toEqual(['Cash On Delivery']);
    expect(screen.getByText('Online payment is not offered at the moment.')).toBeInTheDocument();
    expect(screen.getByText('This store takes cash on delivery.')).toBeInTheDocument();
    expectNoUntrueCopy();
  });

  it('lists cash on delivery and exactly the configured online methods, in order', async () => {
    store('NPR', allOnline);
    renderStore('/contact?tab=payment');
    expect(await methods()).toEqual(['Cash On Delivery', 'Card', 'eSewa', 'Khalti', 'Test payment']);
    expect(screen.getByText('A test page for trying out the store: no money moves, and the order reads Paid (test).')).toBeInTheDocument();
    expect(screen.queryByText('Online payment is not offered at the moment.')).not.toBeInTheDocument();
    expectNoUntrueCopy();
  });

  it('lists one configured method alone', async () => {
    store('USD', [{ id: 'stripe', label: 'Card' }]);
    renderStore('/contact?tab=payment');
    expect(await methods()).toEqual(['Cash On Delivery', 'Card']);
    expect(screen.getByText("Debit and credit cards, paid on Stripe's secure checkout page.")).toBeInTheDocument();
  });

  it('answers delivery fees in the store currency, as the cart charges them: free', async () => {
    store('USD', []);
    const { unmount } = renderStore('/contact?tab=faqs');
    const fee = await screen.findByText(/^Nothing: delivery is free on every order/, {}, { timeout: 5000 });
    expect(fee).toHaveTextContent('shows the shipping fee as Free');
    expect(fee).not.toHaveTextContent(/\$\d/);
    expect(await screen.findByText(/^In cash on delivery: pay the rider/)).toHaveTextContent('Online payment is not offered');
    expectNoUntrueCopy();
    unmount();

    store('NPR', allOnline.slice(0, 2));
    renderStore('/contact?tab=faqs');
    expect(await screen.findByText(/^Delivery costs Rs. 75 on orders below Rs. 1,000; orders of Rs. 1,000 or more ship free./, {}, { timeout: 5000 })).toHaveTextContent(
      'The cart shows the fee',
    );
    expect(screen.getByText('To Bhaktapur, Kathmandu and Lalitpur. Orders to an address elsewhere cannot be placed.')).toBeInTheDocument();
    expect(await screen.findByText(/^In cash on delivery, or online/)).toHaveTextContent('online with Card and eSewa: choose Online Payment in the cart.');
    expectNoUntrueCopy();
  });

  it('answers from the rules the seller set: a fee on every order, a minimum order, another area', async () => {
    store('NPR', [], { districts: ['Kaski'], fee: 50.5, freeFrom: 0, minimumOrder: 500 });
    renderStore('/contact?tab=faqs');
    expect(await screen.findByText(/^Delivery costs Rs. 50.50 on every order./, {}, { timeout: 5000 })).toHaveTextContent('The smallest order we take is Rs. 500.');
    expect(screen.getByText('To Kaski. Orders to an address elsewhere cannot be placed.')).toBeInTheDocument();
  });

  it('gives one set of support hours and delivery times on every tab', async () => {
    store('USD', []);
    renderStore('/contact');
    expect(await screen.findByText('9 AM-9 PM daily', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('support@haat.com.np')).toBeInTheDocument();
    expect(screen.getByText('Kupondole, Lalitpur')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'FAQs' }));
    expect(screen.getByText('9 AM-9 PM daily; write to support@haat.com.np any time and we answer then.')).toBeInTheDocument();
    expect(screen.getByText('Delivered within 30 minutes. Follow yours under My Orders.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Returns & Refunds' }));
    expect(screen.getByText(/online payments go back to the account you paid from, cash payments are refunded in cash/)).toBeInTheDocument();
    expectNoUntrueCopy();
  });
});

describe('marketing pages', () => {
  it('keep their claims and say the same as the help centre', async () => {
    store('USD', []);
    const { unmount } = renderStore('/');
    expect(await screen.findByText('Delivered within 30 minutes', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Customer-first returns and refunds, 24/7 support.')).toBeInTheDocument();
    expect(screen.getByText('Most orders reach you within 30 minutes, and every order arrives the same day or the next.')).toBeInTheDocument();
    expect(screen.getByText('Pick a saved address and pay cash on delivery.')).toBeInTheDocument();
    expectNoUntrueCopy();
    unmount();

    store('USD', allOnline.slice(0, 1));
    const landing = renderStore('/');
    expect(await screen.findByText('Pick a saved address and pay cash on delivery or online.', {}, { timeout: 5000 })).toBeInTheDocument();
    landing.unmount();

    store('USD', []);
    renderStore('/home');
    expect(await screen.findByRole('heading', { name: 'Fresh groceries, delivered to your door' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Delivered within 30 minutes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Trusted by Thousands' })).toBeInTheDocument();
    expectNoUntrueCopy();
  });
});

describe("the seller's store", () => {
  const ours: Partial<StoreSettings> = {
    store: { ...demoSettings.store, name: 'Patan Fresh', promise: '', phone: '01-5550123', hours: '24/7', claims: [{ title: 'Fair prices', text: 'On every staple.' }] },
    policy: { returnDays: 0, missingHours: 48, refundDays: 3, perishablesReturnable: false },
    legal: { registrationNo: '123456/079/080', docscpListing: 'ECOM-2081-0042', grievanceOfficer: { name: 'Sita Maharjan', phone: '9841000000', email: 'grievance@patanfresh.com.np' } },
    invoice: { legalName: 'Patan Fresh Pvt. Ltd.', address: 'Mangal Bazaar', pan: '601234567' },
  };

  it('names the store, shows only its claims and makes no promise it did not set', async () => {
    store('USD', [], null, ours);
    renderStore('/');
    expect(await screen.findByRole('heading', { name: 'Why Choose Patan Fresh' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Patan Fresh home' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Fair prices' })).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    for (const gone of ['Haat', '30 minutes', '15,000', 'Same-day delivery']) expect(text).not.toContain(gone);
    // The footer carries the business details the law asks for.
    expect(screen.getByText('Patan Fresh Pvt. Ltd.')).toBeInTheDocument();
    expect(screen.getByText('ECOM-2081-0042')).toBeInTheDocument();
    expect(screen.getByText(/Sita Maharjan/)).toBeInTheDocument();
  });

  it('promises the delivery slots when the store offers them', async () => {
    store('USD', [], null, { ...ours, deliverySlots: true });
    renderStore('/home');
    expect(await screen.findByText('Delivered in the slot you choose, today or tomorrow', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('writes the help centre from the policy and names the grievance officer', async () => {
    store('USD', [], null, ours);
    renderStore('/contact');
    expect(await screen.findByRole('heading', { name: 'Grievance officer' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('grievance@patanfresh.com.np')).toBeInTheDocument();
    expect(screen.getByText('Around the clock, every day')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Returns & Refunds' }));
    expect(screen.getByText('Items cannot be returned unless they arrive damaged or defective.')).toBeInTheDocument();
    expect(screen.getByText(/^Report missing or damaged items within 48 hours of delivery/)).toBeInTheDocument();
    expect(screen.getByText(/^Refunds reach you within 3 days/)).toBeInTheDocument();
  });
});
