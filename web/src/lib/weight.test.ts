import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { adjustmentLabel, amountText, byWeight, isWeighed, priceText, rememberWeighed, useWeighedVersion } from './weight';
import { rice } from '../test/render';
import { cartCount } from './cart';
import { gramsText } from '../i18n/weight';

describe('goods sold by weight', () => {
  it('writes weights in grams below a kilogram and in kilograms from it', () => {
    expect(gramsText(250)).toBe('250 g');
    expect(gramsText(750)).toBe('750 g');
    expect(gramsText(1000)).toBe('1 kg');
    expect(gramsText(1250)).toBe('1.25 kg');
    expect(gramsText(25000)).toBe('25 kg');
  });

  it('says how much a quantity of steps is, and what a price is for', () => {
    const tomatoes = { soldBy: 'weight' as const, step: 250 };
    expect(byWeight(tomatoes)).toBe(true);
    expect(byWeight({})).toBe(false);
    expect(byWeight({ soldBy: 'weight' })).toBe(false);
    expect(amountText(tomatoes, 3)).toBe('750 g');
    expect(amountText({}, 3)).toBe('3');
    expect(priceText(tomatoes, 'Rs. 180')).toBe('Rs. 180/kg');
    expect(priceText({}, 'Rs. 180')).toBe('Rs. 180');
  });

  it('counts a product sold by weight as one item in the cart, whatever its weight', () => {
    expect(cartCount({ tomatoes: 3, rice: 2 })).toBe(5);
    rememberWeighed({ _id: 'tomatoes', soldBy: 'weight', step: 250 });
    expect(isWeighed('tomatoes')).toBe(true);
    expect(cartCount({ tomatoes: 3, rice: 2 })).toBe(3);
    expect(JSON.parse(localStorage.getItem('haat.weighed') ?? '[]')).toEqual(['tomatoes']);
    rememberWeighed({ _id: 'tomatoes' });
    expect(cartCount({ tomatoes: 3, rice: 2 })).toBe(5);
  });

  it('tells the counts that follow it when the shop learns a product is sold by weight', async () => {
    const { result } = renderHook(() => useWeighedVersion());
    const before = result.current;
    rememberWeighed({ _id: 'onions', soldBy: 'weight', step: 500 });
    await waitFor(() => expect(result.current).toBeGreaterThan(before));
    const after = result.current;
    rememberWeighed({ _id: 'onions', soldBy: 'weight', step: 500 });
    await Promise.resolve();
    expect(result.current).toBe(after);
  });

  it('names what packing found of an item from the order, in the language shown', () => {
    const tomatoes = { ...rice, _id: 't', name: 'Tomatoes', soldBy: 'weight' as const, step: 250, offerPrice: 180 };
    const items = [
      { product: tomatoes, quantity: 3, packed: { quantity: 3, grams: 820 } },
      { product: { ...rice, _id: 'c', name: 'Coriander' }, quantity: 2, packed: { quantity: 1 } },
    ];
    expect(adjustmentLabel({ kind: 'weight', label: 'server', amount: 12.6, product: 't' }, items)).toBe('Tomatoes: 820 g packed of 750 g');
    expect(adjustmentLabel({ kind: 'short', label: 'server', amount: -295, product: 'c' }, items)).toBe('Coriander: 1 packed of 2');
    expect(adjustmentLabel({ kind: 'coupon', label: 'Dashain offer', amount: -10 }, items)).toBe('Dashain offer');
  });
});
