import { useState } from 'react';
import { useNavigate } from '../../lib/router';
import toast from '../../lib/toast';
import { t, useLanguage } from '../../i18n';
import type { UserOrder } from '../../lib/contract';
import { paths } from '../../lib/paths';
import { useQueryClient } from '@tanstack/react-query';
import { inLanguage, productsByIdQuery } from '../products';
import { useCartStore } from '../cart';
import { useCancelOrder } from './api';
import Confirm from '../../components/Confirm';

const button = 'min-h-11 rounded-lg px-4 text-sm font-medium disabled:opacity-60';

/**
 * OrderActions lets the shopper put an order's items back into the cart, and cancel an order the
 * seller has not begun on (asking once more first).
 */
export default function OrderActions({ order }: { order: UserOrder }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder();
  const store = useCartStore();
  const client = useQueryClient();
  const lang = useLanguage();
  const [loading, setLoading] = useState(false);
  const navigate = useNavigate();

  // The order's products are looked up as they are now, when the shopper asks for them again.
  const again = async () => {
    setLoading(true);
    try {
      const { products } = await client.fetchQuery(productsByIdQuery(order.items.map((i) => i.product._id)));
      const r = store.reorder(order.items, products.map(inLanguage(lang)));
      if (r.unavailable.length > 0) toast.error(t.orders.notAvailable(r.unavailable), { id: 'reorder', duration: 8000 });
      if (r.added > 0) void navigate(paths.cart);
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : t.toast.loadProducts, { id: 'reorder' });
    } finally {
      setLoading(false);
    }
  };
  const confirm = () =>
    cancel.mutate(order._id, {
      onSuccess: (r) => toast.success(r.message || t.toast.orderCancelled),
      onError: (err) => toast.error(err.message),
      onSettled: () => setAsking(false),
    });

  if (asking) {
    return (
      <Confirm
        question={t.orders.cancelAsk(order.number)}
        yes={t.orders.cancelYes}
        no={t.orders.keep}
        busy={cancel.isPending}
        onYes={confirm}
        onNo={() => setAsking(false)}
        className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm"
      />
    );
  }
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <button type="button" onClick={() => void again()} disabled={loading} className={`${button} border border-green-700 bg-green-50 text-green-800 hover:bg-green-100`}>
        {t.orders.again}
      </button>
      {order.canCancel && (
        <button type="button" onClick={() => setAsking(true)} className={`${button} border border-stone-300 bg-white text-red-700 hover:bg-red-50`}>
          {t.orders.cancel}
        </button>
      )}
    </div>
  );
}
