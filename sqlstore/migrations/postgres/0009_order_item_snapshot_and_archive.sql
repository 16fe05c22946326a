-- An order keeps the name, category, pictures and price its products had when it was placed, so that
-- correcting or archiving a product changes no order. Orders placed before this take the products'
-- current ones.
ALTER TABLE order_items ADD COLUMN product_name TEXT NOT NULL DEFAULT '';
ALTER TABLE order_items ADD COLUMN product_category TEXT NOT NULL DEFAULT '';
ALTER TABLE order_items ADD COLUMN product_images TEXT NOT NULL DEFAULT '[]';
UPDATE order_items SET product_name = p.name, product_category = p.category, product_images = p.images
    FROM products p WHERE p.id = order_items.product_id;

-- An archived product is no longer sold: the shop does not list it, carts and orders refuse it, and the
-- seller can restore it.
ALTER TABLE products ADD COLUMN archived BOOLEAN NOT NULL DEFAULT FALSE;
