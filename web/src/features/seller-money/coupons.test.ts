import { describe, expect, it } from 'vitest';
import { dayOf, startOfDay } from './coupons';

describe('coupon days', () => {
  it('starts a day at midnight in Nepal, and ends it at the next', () => {
    expect(startOfDay('2026-10-01')).toBe('2026-09-30T18:15:00.000Z');
    expect(startOfDay('2026-10-05', true)).toBe('2026-10-05T18:15:00.000Z');
    expect(dayOf('2026-09-30T18:15:00.000Z')).toBe('2026-10-01');
    expect(dayOf('2026-10-05T18:15:00.000Z', true)).toBe('2026-10-05');
  });
});
