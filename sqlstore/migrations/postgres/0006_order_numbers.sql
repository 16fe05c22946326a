-- Orders carry a short number for people ("#10482"): sequential per store from 10001, given when
-- the order is placed from the counter row, which the order's own transaction updates (its row
-- lock orders concurrent placements, across servers too). Orders placed before this get numbers
-- in the order they were placed.
ALTER TABLE orders ADD COLUMN number BIGINT;
UPDATE orders SET number = r.n
    FROM (SELECT id, 10000 + ROW_NUMBER() OVER (ORDER BY created_at, id) AS n FROM orders) AS r
    WHERE orders.id = r.id;
ALTER TABLE orders ALTER COLUMN number SET NOT NULL;
CREATE UNIQUE INDEX orders_number ON orders (number);

CREATE TABLE counters (
    name  TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);
INSERT INTO counters (name, value) SELECT 'order_number', COALESCE(MAX(number), 10000) FROM orders;
