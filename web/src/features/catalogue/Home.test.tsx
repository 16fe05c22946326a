import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Home from './Home';
import { renderApp, serveApi } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

describe('Home newsletter signup', () => {
  it('sends the address to the store and shows the thank-you toast', async () => {
    const calls = serveApi({
      'POST /api/newsletter/subscribe': () => ({ json: { success: true, message: 'Thank you for subscribing' } }),
    });
    renderApp(<Home />);
    const input = screen.getByLabelText('Email for the newsletter');
    await userEvent.type(input, 'sita@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Thank you for subscribing!')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/newsletter/subscribe').map((c) => c.body)).toEqual([{ email: 'sita@example.com' }]);
    expect(input).toHaveValue('');
  });

  it('shows the store’s refusal and keeps the address', async () => {
    serveApi({
      'POST /api/newsletter/subscribe': () => ({ status: 429, json: { success: false, message: 'Too many signups. Please try again in 60 minutes.' } }),
    });
    renderApp(<Home />);
    const input = screen.getByLabelText('Email for the newsletter');
    await userEvent.type(input, 'sita@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Too many signups. Please try again in 60 minutes.')).toBeInTheDocument();
    expect(screen.queryByText('Thank you for subscribing!')).not.toBeInTheDocument();
    expect(input).toHaveValue('sita@example.com');
  });
});
