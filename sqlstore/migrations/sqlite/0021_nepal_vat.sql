-- Nepal VAT. The store's tax rule: 'flat' (the spec's 2% added to every order) or 'vat' (13% VAT
-- included in prices, staples exempt).
ALTER TABLE store_settings ADD COLUMN tax_rule TEXT NOT NULL DEFAULT 'flat';

-- Whether a product is exempt from VAT; the products there are take the default of their category
-- (fresh vegetables, fruit and grains are staples of VAT Schedule 1).
ALTER TABLE products ADD COLUMN vat_exempt INTEGER NOT NULL DEFAULT 0;
UPDATE products SET vat_exempt = 1 WHERE category IN ('Vegetables', 'Fruits', 'Grains');

-- The tax rule an order was charged under; orders before this paid the flat tax.
ALTER TABLE orders ADD COLUMN tax_rule TEXT NOT NULL DEFAULT 'flat';

-- What each item was when ordered: exempt from VAT or not, and the product's Nepali name.
ALTER TABLE order_items ADD COLUMN vat_exempt INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN product_name_ne TEXT NOT NULL DEFAULT '';
