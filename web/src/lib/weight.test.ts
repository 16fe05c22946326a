import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { adjustmentLabel, amountText, byWeight, isWeighed, priceText, rememberWeighed, sentText, useWeighedVersion } from './weight';
import { loadOrderTexts, setLanguage } from '../i18n';
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

  it('names what was sent instead of an item from the order, in the language shown', async () => {
    const parsley = { _id: 'p', name: 'Parsley', nameNe: 'पार्सले', category: 'Vegetables' as const, offerPrice: 15, image: [] };
    const spinach = { _id: 's', name: 'Spinach', nameNe: 'पालुङ्गो', category: 'Vegetables' as const, offerPrice: 120, image: [], soldBy: 'weight' as const, step: 250 };
    const items = [
      {
        product: { ...rice, _id: 'c', name: 'Coriander', nameNe: 'धनियाँ' }, quantity: 2,
        packed: { quantity: 0, substitute: { product: parsley, quantity: 2, amount: 30, answer: 'accepted' as const } },
      },
      {
        product: { ...rice, _id: 't', name: 'Tomatoes', nameNe: 'गोलभेडा', soldBy: 'weight' as const, step: 250 }, quantity: 3,
        packed: { quantity: 3, grams: 0, substitute: { product: spinach, quantity: 1, grams: 500, amount: 60, answer: 'named' as const } },
      },
      { product: { ...rice, _id: 'r', name: 'Radish' }, quantity: 1, packed: { quantity: 0 } },
    ];
    const parsleyFor = { kind: 'substitute' as const, label: 'Parsley × 2 instead of Coriander', amount: 30, product: 'c' };
    // Until a page of orders has loaded their texts, the server's label stands.
    expect(adjustmentLabel(parsleyFor, items)).toBe('Parsley × 2 instead of Coriander');
    await loadOrderTexts();
    expect(adjustmentLabel({ ...parsleyFor, label: 'server' }, items)).toBe('Parsley × 2 instead of Coriander');
    expect(adjustmentLabel({ kind: 'substitute', label: 'server', amount: 60, product: 't' }, items)).toBe('Spinach 500 g instead of Tomatoes');
    // An item without a substitute keeps the server's label.
    expect(adjustmentLabel({ kind: 'substitute', label: 'server', amount: 5, product: 'r' }, items)).toBe('server');
    expect(sentText(items[0]!.packed.substitute!)).toBe('Parsley × 2');
    await setLanguage('ne');
    try {
      expect(adjustmentLabel(parsleyFor, items)).toBe('धनियाँ को सट्टा पार्सले × २');
      expect(adjustmentLabel({ kind: 'substitute', label: 'server', amount: 60, product: 't' }, items)).toBe('गोलभेडा को सट्टा पालुङ्गो ५०० ग्राम');
      expect(adjustmentLabel({ kind: 'short', label: 'server', amount: -40, product: 'c' }, items)).not.toMatch(/[0-9]/);
    } finally {
      await setLanguage('en');
    }
  });
});
