// The query keys of the shopper's orders: every page follows them (app/wiring.ts forgets the orders
// at sign-out and loads them again when an order is placed), so they are apart from the calls,
// which load with My Orders.

/** orderKeys are the query keys of the shopper's orders. */
export const orderKeys = {
  all: ['orders'] as const,
  /** lists are the shopper's lists of orders, of whoever is signed in. */
  lists: () => [...orderKeys.all, 'mine'] as const,
  mine: (userId: string | undefined) => [...orderKeys.lists(), userId] as const,
  /** claims are the shopper's claims and what they may still claim. */
  claims: (userId: string | undefined) => [...orderKeys.all, 'claims', userId] as const,
};
