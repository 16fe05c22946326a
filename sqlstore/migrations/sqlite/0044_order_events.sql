-- Each order's history: every step (placed, paid, packed, assigned, out for delivery, delivered,
-- not delivered, cancelled, refunded) with its time, who took it (by_role: owner, packer, rider,
-- shopper, payment or store; by_name as they were named then, so that it stays when a member of
-- staff leaves) and a note. The history reads in the order of at, then of id (time-ordered).
CREATE TABLE order_events (
    id       TEXT PRIMARY KEY,
    order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status   TEXT NOT NULL,
    at       INTEGER NOT NULL,
    by_id    TEXT NOT NULL DEFAULT '',
    by_name  TEXT NOT NULL DEFAULT '',
    by_role  TEXT NOT NULL,
    note     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX order_events_order ON order_events (order_id, at);

-- The orders placed before kept no history: each starts with its placing, by its shopper.
INSERT INTO order_events (id, order_id, status, at, by_role)
    SELECT 'placed-' || id, id, 'Order Placed', created_at, 'shopper' FROM orders;
