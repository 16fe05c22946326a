import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { expect, it, vi } from 'vitest';
import { checkTakeOver } from './preactDom';

function Field({ code }: { code: boolean }) {
  return code ? <input aria-label="Field" maxLength={6} pattern="[0-9]*" /> : <input aria-label="Field" />;
}

it('removes the maxlength and pattern of a field that no longer has them, as React does', () => {
  const { rerender } = render(<Field code />);
  expect(screen.getByLabelText('Field')).toHaveAttribute('maxlength', '6');
  rerender(<Field code={false} />);
  expect(screen.getByLabelText('Field')).not.toHaveAttribute('maxlength');
  expect(screen.getByLabelText('Field')).not.toHaveAttribute('pattern');
});

it('gives an image its src after how to load it, so that a lazy one waits until it is near', () => {
  render(<img src="/media/a.webp" srcSet="/media/a-256.webp 256w" sizes="100px" alt="A" loading="lazy" />);
  const names = screen.getByRole('img', { name: 'A' }).getAttributeNames();
  expect(names.indexOf('src')).toBeGreaterThan(names.indexOf('loading'));
  expect(names.indexOf('src')).toBeGreaterThan(names.indexOf('sizes'));
});

it('logs and mends an attribute of a page rendered ahead that its code draws otherwise', () => {
  const root = document.createElement('div');
  root.innerHTML = '<nav aria-label="Mian"><a href="/home">Home</a></nav>';
  document.body.append(root);
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  checkTakeOver(root);
  act(() => {
    hydrateRoot(
      root,
      <nav aria-label="Main">
        <a href="/home">Home</a>
      </nav>,
    );
  });
  expect(root.querySelector('nav')).toHaveAttribute('aria-label', 'Main');
  expect(error).toHaveBeenCalledTimes(1);
  expect(error.mock.calls[0]?.[0]).toContain('aria-label="Mian"');
  error.mockRestore();
  root.remove();
});
