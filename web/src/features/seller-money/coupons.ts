// The owner's coupons: discount codes and their rules, with their uses.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post, unwrap } from '../../lib/api';
import type { CouponRequest, CouponResponse, CouponsResponse } from '../../lib/contract';
import { t } from '../../i18n';
import { sellerKeys } from '../seller-session';

/** couponKeys are the query keys of the owner's coupons. */
export const couponKeys = { list: () => [...sellerKeys.all, 'coupons'] as const };

/** useCoupons loads the store's coupons, newest first, each with its uses and the discount given. */
export function useCoupons() {
  return useQuery({ queryKey: couponKeys.list(), queryFn: () => unwrap(get<CouponsResponse>('/api/seller/coupons'), t.toast.generic).then((r) => r.coupons) });
}

/** useSaveCoupon creates or changes a coupon; the list loads again. */
export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: CouponRequest) => unwrap(post<CouponRequest, CouponResponse>('/api/seller/coupon', c), t.toast.generic),
    onSuccess: () => client.invalidateQueries({ queryKey: couponKeys.list() }),
  });
}

/** NEPAL_OFFSET is Nepal's time from UTC, the store's time zone, in which the owner gives a coupon's days. */
const NEPAL_OFFSET = '+05:45';
const DAY = 24 * 60 * 60 * 1000;

/** startOfDay is the instant a day (YYYY-MM-DD) starts in Nepal; after is that of the next day, for an end given as the last day. */
export function startOfDay(day: string, after = false): string {
  const at = new Date(`${day}T00:00:00${NEPAL_OFFSET}`).getTime() + (after ? DAY : 0);
  return new Date(at).toISOString();
}

/** dayOf is the day (YYYY-MM-DD) an instant falls on in Nepal; before takes the instant just before it, for an end kept as the next day's start. */
export function dayOf(instant: string, before = false): string {
  const at = new Date(instant).getTime() - (before ? 1 : 0) + (5 * 60 + 45) * 60 * 1000;
  return new Date(at).toISOString().slice(0, 10);
}
