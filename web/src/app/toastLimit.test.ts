import { describe, expect, it } from 'vitest';
import type { Toast } from 'react-hot-toast';
import { overLimit } from './toastLimit';

const shown = (id: string, createdAt: number, visible = true) => ({ id, createdAt, visible }) as Toast;

describe('overLimit', () => {
  it('keeps the newest shown toasts, by when they were last shown, not by their place in the list', () => {
    // The cart's toast was first in the list and has just been shown again: it is the newest.
    const toasts = [shown('saved', 300), shown('gone', 250, false), shown('address', 200), shown('cart', 400)];
    expect(overLimit(toasts, 1)).toEqual(['saved', 'address']);
    expect(overLimit(toasts, 3)).toEqual([]);
  });
});
