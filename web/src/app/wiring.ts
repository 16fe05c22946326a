// How the features hear of each other. A feature tells what happened (a shopper signed in or out,
// an order was placed) through a signal, and the features whose data depends on it follow here:
// the one that tells never imports those that follow, so no two features import each other.
import { accountKeys, sessionChanged } from '../features/account';
import { cartStore } from '../features/cart';
import { checkoutKeys, orderPlaced } from '../features/checkout';
import { orderKeys } from '../features/orders';

// The cart follows the session: a guest's cart joins the shopper's at sign-in, and signing out
// empties it; what the last shopper loaded (their addresses and orders) is forgotten.
sessionChanged.follow((client, user) => {
  if (user) {
    cartStore(client).signedIn(user);
    return;
  }
  cartStore(client).signedOut();
  client.removeQueries({ queryKey: checkoutKeys.addresses() });
  client.removeQueries({ queryKey: orderKeys.all });
  client.removeQueries({ queryKey: accountKeys.credit() });
});

// A new order shows in the shopper's orders, and the store credit it spent in their balance.
orderPlaced.follow((client) => {
  void client.invalidateQueries({ queryKey: orderKeys.all });
  void client.invalidateQueries({ queryKey: accountKeys.credit() });
});
