-- A shopper's orders, newest first, to the id: My Orders pages through them by (created_at, id),
-- so that a page starts at its cursor without sorting the orders placed in the same millisecond.
DROP INDEX orders_user_id;
CREATE INDEX orders_user_id ON orders (user_id, created_at, id);
-- The products of one tab of the seller's list (on sale or archived), newest first: a page of a
-- large catalogue is read from its cursor, and the tabs are counted, without reading every row.
CREATE INDEX products_archived ON products (archived, created_at, id);
-- The demo catalogue's products, which the seller's list counts while any are on sale.
CREATE INDEX products_demo ON products (archived) WHERE demo = TRUE;
