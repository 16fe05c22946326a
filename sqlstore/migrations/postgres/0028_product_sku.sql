-- A product may have the seller's own code, its SKU, which imports of the seller's spreadsheet find
-- it by. sku_key is the SKU in lower case, NULL when there is none: no two products share one.
ALTER TABLE products ADD COLUMN sku TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN sku_key TEXT;
CREATE UNIQUE INDEX products_sku_key ON products (sku_key);
