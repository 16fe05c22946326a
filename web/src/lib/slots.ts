// How a delivery slot is written: its times from minutes after midnight, its day, and an order's slot.
import { t } from '../i18n';
import type { OrderSlot } from './contract';

/** clock writes minutes after midnight as "08:00". */
export const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** minutesOf reads "08:00" as minutes after midnight. */
export function minutesOf(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** slotTime is a window's times: "08:00–10:00". */
export const slotTime = (w: { start: number; end: number }) => t.slots.time(clock(w.start), clock(w.end));

/** orderSlotText is an order's slot as the shopper and the seller read it: "Delivery: Tue 24 Nov, 08:00–10:00". */
export const orderSlotText = (s: OrderSlot) => t.slots.shown(t.slots.day(s.day), slotTime(s));
