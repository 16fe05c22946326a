import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from '../../lib/router';
import Loader, { LOADER_DELAY } from './Loader';

afterEach(() => {
  vi.useRealTimers();
});

describe('loader', () => {
  function renderLoader(route: string) {
    // The page's title names the store, from its settings.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/loader" element={<Loader />} />
            <Route path="/cart" element={<p>cart page</p>} />
            <Route path="/my-orders" element={<p>orders page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('goes to the next page after five seconds', () => {
    vi.useFakeTimers();
    renderLoader('/loader?next=cart');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(LOADER_DELAY - 1);
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('cart page')).toBeInTheDocument();
  });

  it('goes to my orders without a next page', () => {
    vi.useFakeTimers();
    renderLoader('/loader');
    act(() => {
      vi.advanceTimersByTime(LOADER_DELAY);
    });
    expect(screen.getByText('orders page')).toBeInTheDocument();
  });
});
