import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, serveApi } from '../../test/render';
import type { CashResponse } from '../../lib/contract';
import { loadSellerTexts } from '../../i18n';

beforeAll(() => loadSellerTexts());
afterEach(() => vi.unstubAllGlobals());

const sheets = (handed: number): CashResponse => ({
  date: '2026-11-23',
  today: true,
  success: true,
  sheets: [
    {
      rider: { _id: 'r1', name: 'Bikash Rai' },
      collected: [
        { order: 'o1', number: 10482, amount: 300.9 },
        { order: 'o2', number: 10483, amount: 601.8 },
      ],
      collectedTotal: 902.7,
      qr: [],
      qrTotal: 0,
      handedIn: handed ? [{ _id: 'h1', amount: handed, note: '', at: '2026-11-23T12:00:00Z', by: '' }] : [],
      handedInTotal: handed,
      carried: 50,
      difference: 952.7 - handed,
    },
  ],
});

describe('cash sheets', () => {
  it("shows each rider's cash by order, what was left from before and the difference, and records a handover", async () => {
    let handed = 0;
    const calls = serveApi({
      'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }),
      'GET /api/seller/cash': () => ({ json: sheets(handed) }),
      'POST /api/seller/cash/handover': (body) => {
        handed = Number((body as { amount: string }).amount);
        return { json: { success: true, message: 'Handover recorded', handover: { _id: 'h1', amount: handed, note: '', at: '2026-11-23T12:00:00Z', by: '' } } };
      },
    });
    renderStore('/seller/cash');
    const sheet = await screen.findByRole('region', { name: 'Bikash Rai' });
    expect(within(sheet).getByRole('link', { name: '#10482' })).toHaveAttribute('href', '/seller/orders?q=10482');
    expect(within(sheet).getByTestId('collected-total')).toHaveTextContent('$902.70');
    expect(within(sheet).getByTestId('carried')).toHaveTextContent('$50');
    expect(within(sheet).getByText(/Still to hand in/)).toBeInTheDocument();
    expect(within(sheet).getByTestId('difference')).toHaveTextContent('$952.70');
    expect(within(sheet).getByText(/None/)).toBeInTheDocument();

    await userEvent.type(within(sheet).getByLabelText('Amount Bikash Rai hands in'), '९५२.७');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(within(sheet).getByText(/Settled/)).toBeInTheDocument());
    expect(calls.find((c) => c.key === 'POST /api/seller/cash/handover')?.body).toEqual({ rider: 'r1', amount: '952.7', note: '' });
  });
});
