-- A product's sale: a price the seller schedules from a start to an end (milliseconds since the
-- epoch), all three NULL when it has none. No row changes when a sale starts or ends: the store
-- works out the price from its clock each time it reads the product.
ALTER TABLE products ADD COLUMN sale_price INTEGER;
ALTER TABLE products ADD COLUMN sale_start INTEGER;
ALTER TABLE products ADD COLUMN sale_end INTEGER;
