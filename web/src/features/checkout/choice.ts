import { PAYMENT_TYPES, type PaymentType } from '../../lib/contract';

/** isPaymentType says whether a value is one of the contract's payment types. */
export const isPaymentType = (v: unknown): v is PaymentType => (PAYMENT_TYPES as readonly unknown[]).includes(v);

/** CheckoutChoice is what a shopper picked on the cart page: it outlives a reload and a trip to add an address. */
export interface CheckoutChoice {
  addressId?: string;
  payment?: PaymentType;
  methodId?: string;
  /** slotId is the delivery slot picked (a slot's id); one that has filled or closed since is picked again. */
  slotId?: string;
  /** useCredit is whether to pay with the shopper's store credit, as far as it goes (offered only while they have some). */
  useCredit?: boolean;
  /** coupon is the discount code applied (the server says whether it may be used); empty or absent for none. */
  coupon?: string;
}

const key = (userId: string | null) => `haat.checkout.${userId ?? 'guest'}`;

/** loadCheckoutChoice reads the choice kept in this browser for the user (or a guest). */
export function loadCheckoutChoice(userId: string | null): CheckoutChoice {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key(userId)) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    const raw = parsed as Record<string, unknown>;
    const choice: CheckoutChoice = {};
    if (typeof raw.addressId === 'string') choice.addressId = raw.addressId;
    if (isPaymentType(raw.payment)) choice.payment = raw.payment;
    if (typeof raw.methodId === 'string') choice.methodId = raw.methodId;
    if (typeof raw.slotId === 'string') choice.slotId = raw.slotId;
    if (typeof raw.useCredit === 'boolean') choice.useCredit = raw.useCredit;
    if (typeof raw.coupon === 'string') choice.coupon = raw.coupon;
    return choice;
  } catch {
    return {};
  }
}

/** saveCheckoutChoice keeps the changed parts of the choice, the rest as it was. */
export function saveCheckoutChoice(userId: string | null, change: CheckoutChoice): void {
  try {
    localStorage.setItem(key(userId), JSON.stringify({ ...loadCheckoutChoice(userId), ...change }));
  } catch {
    // Storage full or disabled: the choice lasts for this visit of the page.
  }
}
