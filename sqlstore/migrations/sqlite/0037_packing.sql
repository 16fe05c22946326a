-- Packing settles an order: each item keeps what was packed of it (its units, and for goods sold by
-- weight its grams; NULL until the order is packed), and the order's bill is worked out again with
-- the adjustments that follow. A paid online order packed for less than it paid owes the difference
-- back: refund_amount is how much of the attempt's payment is due back (NULL: all of it).
ALTER TABLE order_items ADD COLUMN packed_quantity INTEGER;
ALTER TABLE order_items ADD COLUMN packed_grams INTEGER;
ALTER TABLE payment_attempts ADD COLUMN refund_amount INTEGER;
