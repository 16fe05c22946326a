-- What the shopper wants if an item is not there at packing: 'best', 'none' or a product's id
-- ('' for orders placed before it was asked).
ALTER TABLE order_items ADD COLUMN substitute TEXT NOT NULL DEFAULT '';
