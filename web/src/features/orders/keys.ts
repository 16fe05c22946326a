// The query keys of the shopper's orders: every page follows them (app/wiring.ts forgets the orders
// at sign-out and loads them again when an order is placed), so they are apart from the calls,
// which load with My Orders.

/** orderKeys are the query keys of the shopper's orders. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: (userId: string | undefined) => [...orderKeys.all, 'mine', userId] as const,
};
