import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, serveApi } from '../../test/render';
import DeliverySlots from './DeliverySlots';
import { loadSellerTexts } from '../../i18n';

// The seller area's texts load with the area; these tests render its parts without it.
beforeAll(() => loadSellerTexts());

describe('the seller’s delivery windows', () => {
  it('edits the windows and saves them', async () => {
    const calls = serveApi({
      'GET /api/seller/slots': () => ({ json: { success: true, windows: [{ _id: 'w1', start: 480, end: 600, capacity: 4, cutoff: 60 }] } }),
      'POST /api/seller/slots': (body) => ({ json: { success: true, message: 'Delivery slots saved', windows: (body as { windows: unknown[] }).windows } }),
    });
    renderApp(<DeliverySlots />);
    const capacity = await screen.findByLabelText('Orders per window');
    expect(capacity).toHaveValue('4');
    expect(screen.getByLabelText('From')).toHaveValue('08:00');
    await userEvent.clear(capacity);
    await userEvent.type(capacity, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Add window' }));
    expect(screen.getAllByLabelText('From')[1]).toHaveValue('10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save slots' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/seller/slots')?.body).toEqual({
        windows: [{ _id: 'w1', start: 480, end: 600, capacity: 6, cutoff: 60 }, { _id: '', start: 600, end: 720, capacity: 10, cutoff: 60 }],
      }),
    );
    expect(await screen.findByText('Delivery slots saved')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove window 10:00–12:00' }));
    expect(screen.getAllByLabelText('From')).toHaveLength(1);
  });
});
