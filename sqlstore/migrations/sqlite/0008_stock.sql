-- Stock counts: the units a product has for sale when the store counts them (NULL: not counted),
-- and the units each order line took from that count, given back when the order is cancelled or
-- its payment fails.
ALTER TABLE products ADD COLUMN stock INTEGER CHECK (stock >= 0);
ALTER TABLE order_items ADD COLUMN stock_taken INTEGER NOT NULL DEFAULT 0;
