import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, rice, serveApi } from '../../test/render';
import type { OrderClaim } from '../../lib/contract';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const seller = { 'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }) };
const config = { 'GET /api/config': () => ({ json: { success: true, currency: 'USD', currencySymbol: '$', paymentMethods: [], timeZone: 'Asia/Kathmandu' } }) };
const claim = (c: Partial<OrderClaim>): OrderClaim => ({
  _id: 'c1', reference: 'C-2083/84-1', order: 'o1', orderNumber: 10482, lines: [{ product: rice._id, quantity: 1, reason: 'damaged', name: rice.name }],
  note: 'Split bag', photos: ['/uploads/a.webp'], state: 'open', createdAt: '2026-11-23T10:05:00Z', decideBy: '2026-12-08T10:05:00Z', daysLeft: 2,
  shopper: 'Sita Gurung', phone: '9811111111', ...c,
});

describe('claims desk', () => {
  it('lists open claims with their photos and days left, flags those near the deadline, and decides one with a written rejection', async () => {
    const calls = serveApi({
      ...seller,
      ...config,
      'GET /api/seller/claims': () => ({ json: { success: true, claims: [claim({}), claim({ _id: 'c2', reference: 'C-2083/84-2', daysLeft: 12 })] } }),
      'POST /api/seller/claim/resolve': () => ({ json: { success: true, message: 'Claim C-2083/84-1 decided', claim: claim({ state: 'resolved', resolution: 'reject', decision: 'Opened' }) } }),
    });
    renderStore('/seller/claims');
    const first = await screen.findByRole('listitem', { name: 'Claim C-2083/84-1' });
    // The records the law asks kept download from here, for a range of days.
    const records = screen.getByRole('form', { name: 'Records for the law' });
    expect(records).toHaveAttribute('action', '/api/seller/records.csv');
    expect(within(records).getByLabelText('Records of')).toHaveAttribute('name', 'kind');
    expect(within(records).getByLabelText<HTMLInputElement>('From').value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(within(first).getByText('2 days left')).toHaveClass('bg-red-700');
    expect(within(screen.getByRole('listitem', { name: 'Claim C-2083/84-2' })).getByText('12 days left')).not.toHaveClass('bg-red-700');
    expect(first).toHaveTextContent(`${rice.name} × 1: Damaged`);
    expect(within(first).getByRole('link', { name: 'Photo 1' })).toHaveAttribute('href', '/uploads/a.webp');
    expect(within(first).getByRole('link', { name: '9811111111' })).toHaveAttribute('href', 'tel:9811111111');
    const form = within(first).getByRole('form', { name: 'Decide claim C-2083/84-1' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Reject' }));
    const why = within(form).getByLabelText('Why it is rejected (the shopper is told)');
    expect(why).toBeRequired();
    await userEvent.type(why, 'Opened');
    await userEvent.click(within(form).getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('Claim C-2083/84-1 decided')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/seller/claim/resolve')?.body).toEqual({ id: 'c1', resolution: 'reject', reason: 'Opened' });
  });
});
