-- A substitute sent at packing takes its units from its product's stock count, when the count is
-- kept: the product (sent_product_id) and the units it took (sent_stock_taken), given back when the
-- shopper refuses it or the order is cancelled.
ALTER TABLE order_items ADD COLUMN sent_product_id TEXT;
ALTER TABLE order_items ADD COLUMN sent_stock_taken INTEGER NOT NULL DEFAULT 0;
