-- Goods sold by weight: a product's step is the grams a shopper buys it in (its prices are then per
-- kilogram, and a cart's quantity counts steps); 0 for goods sold by the unit. An order's item keeps
-- the step its product had when the order was placed.
ALTER TABLE products ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
