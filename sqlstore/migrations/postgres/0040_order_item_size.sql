-- An order's item keeps the pack size of its product as it was when the order was placed ("5 kg"),
-- so the packer picks the right bag.
ALTER TABLE order_items ADD COLUMN product_size TEXT NOT NULL DEFAULT '';
