import { describe, expect, it } from 'vitest';
import { loadCheckoutChoice, saveCheckoutChoice } from './choice';

describe('checkout choice', () => {
  it('is kept per shopper and changed part by part', () => {
    saveCheckoutChoice('u1', { payment: 'Online', methodId: 'esewa' });
    saveCheckoutChoice('u1', { addressId: 'a2' });
    saveCheckoutChoice(null, { payment: 'COD' });
    expect(loadCheckoutChoice('u1')).toEqual({ payment: 'Online', methodId: 'esewa', addressId: 'a2' });
    expect(loadCheckoutChoice(null)).toEqual({ payment: 'COD' });
    expect(loadCheckoutChoice('u2')).toEqual({});
    localStorage.setItem('haat.checkout.u3', '{"payment":"Cheque","addressId":7}');
    expect(loadCheckoutChoice('u3')).toEqual({});
  });
});
