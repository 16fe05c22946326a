// Class lists shared by the forms of the store and the seller area.

/** inputClass is a text field: 44 px tall, green focus ring. */
export const inputClass =
  'mt-1 min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 outline-none focus:border-green-600 focus:ring-2 focus:ring-green-100';

/** statusTone colours an order status: green when delivered, red when cancelled or unpaid, amber while under way. */
export const statusTone = (status: string) =>
  status === 'Delivered'
    ? 'bg-green-100 text-green-800'
    : status === 'Cancelled' || status === 'Payment Failed'
      ? 'bg-red-100 text-red-800'
      : 'bg-amber-100 text-amber-900';
