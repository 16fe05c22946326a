-- One pending payment attempt per order, test payments, and refunds.
--
-- Attempts that were left pending beside a newer one are superseded by the newest, so that the
-- index below holds: an order has at most one pending attempt.
UPDATE payment_attempts SET state = 'superseded'
WHERE state = 'pending' AND EXISTS (
    SELECT 1 FROM payment_attempts n
    WHERE n.order_id = payment_attempts.order_id AND n.state = 'pending'
      AND (n.created_at > payment_attempts.created_at OR (n.created_at = payment_attempts.created_at AND n.id > payment_attempts.id)));
CREATE UNIQUE INDEX payment_attempts_one_pending ON payment_attempts (order_id) WHERE state = 'pending';

-- refund: '' (nothing owed), 'due' (the payment is owed back to the shopper), 'refunded';
-- refund_reference: the provider's id of the refund when it went back through the provider.
ALTER TABLE payment_attempts ADD COLUMN refund TEXT NOT NULL DEFAULT '';
ALTER TABLE payment_attempts ADD COLUMN refund_reference TEXT NOT NULL DEFAULT '';
CREATE INDEX payment_attempts_refund ON payment_attempts (order_id) WHERE refund <> '';

-- An order paid through the built-in test page: no money arrived.
ALTER TABLE orders ADD COLUMN test_payment INTEGER NOT NULL DEFAULT 0;
UPDATE orders SET test_payment = TRUE
WHERE is_paid = TRUE AND payment_type = 'Online'
  AND EXISTS (SELECT 1 FROM payment_attempts a WHERE a.order_id = orders.id AND a.provider = 'sandbox' AND a.state = 'paid');

-- Payments recorded before: a second payment of one order, and the payment of an order the
-- seller cancelled, are owed back.
UPDATE payment_attempts SET refund = 'due'
WHERE state = 'paid' AND EXISTS (
    SELECT 1 FROM payment_attempts e
    WHERE e.order_id = payment_attempts.order_id AND e.state = 'paid'
      AND (e.updated_at < payment_attempts.updated_at OR (e.updated_at = payment_attempts.updated_at AND e.id < payment_attempts.id)));
UPDATE payment_attempts SET refund = 'due'
WHERE state = 'paid' AND refund = ''
  AND order_id IN (SELECT id FROM orders WHERE status = 'Cancelled' AND is_paid = TRUE);
