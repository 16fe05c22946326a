import { describe, expect, it } from 'vitest';
import { render, within } from '@testing-library/react';
import { BILL_EXAMPLES, type Order } from '../../lib/contract';
import { formatMinor, toMinor } from '../../lib/money';
import { bill } from '../../test/render';
import { couponCode, shownAdjustments } from '../../lib/discount';
import OrderBill from './OrderBill';

/** shown is how the bill writes an amount in major units. */
const shown = (major: number) => formatMinor(toMinor(major), 'USD', 'en');

describe('OrderBill', () => {
  it.each(BILL_EXAMPLES.map((ex) => [ex.name, ex] as const))('shows the figures the server worked out: %s', (_, ex) => {
    const order = { _id: 'o1', currency: 'USD', bill: bill(ex.want) } as Order;
    const { container } = render(<OrderBill order={order} />);
    const view = within(container);
    expect(view.getByTestId('order-items')).toHaveTextContent(shown(ex.want.subtotal));
    const code = couponCode(ex.want.adjustments);
    if (code) {
      // A coupon's adjustments show as one discount, named with its code.
      expect(view.getByText(`Discount (${code})`)).toBeInTheDocument();
      expect(view.getByTestId('order-discount')).toHaveTextContent(shown(-ex.want.discount));
    } else expect(view.queryByTestId('order-discount')).toBeNull();
    shownAdjustments(ex.want.adjustments).forEach((a, i) => {
      expect(view.getByTestId(`order-adjustment-${i}`)).toHaveTextContent(shown(a.amount));
      expect(view.getByText(a.label)).toBeInTheDocument();
    });
    expect(view.getByTestId('order-delivery-fee')).toHaveTextContent(ex.want.deliveryFee > 0 ? shown(ex.want.deliveryFee) : 'Free');
    expect(view.getByTestId('order-tax')).toHaveTextContent(shown(ex.want.tax));
    expect(view.getByText(ex.want.taxRule === 'vat' ? 'VAT included (13%)' : 'Tax (2%)')).toBeInTheDocument();
    expect(view.getByTestId('order-total')).toHaveTextContent(shown(ex.want.total));
  });
});
