import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, type ReactElement } from 'react';
import { expect, it } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from './router';

it('keeps the page shown until the code of the page a link leads to is there', async () => {
  let arrive = () => {};
  const Next = lazy(
    () => new Promise<{ default: () => ReactElement }>((resolve) => (arrive = () => resolve({ default: () => <h1>Next page</h1> }))),
  );
  render(
    <MemoryRouter initialEntries={['/first']}>
      <Suspense fallback={<p>Loading</p>}>
        <Routes>
          <Route
            path="first"
            element={
              <>
                <h1>First page</h1>
                <Link to="/next">Go on</Link>
              </>
            }
          />
          <Route path="next" element={<Next />} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('link', { name: 'Go on' }));
  expect(screen.getByRole('heading', { name: 'First page' })).toBeInTheDocument();
  expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  await act(() => {
    arrive();
    return Promise.resolve();
  });
  expect(await screen.findByRole('heading', { name: 'Next page' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'First page' })).not.toBeInTheDocument();
});
