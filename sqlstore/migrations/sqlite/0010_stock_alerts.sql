-- Shoppers who asked to be told when an out-of-stock product is back: one row per shopper and
-- product, notified_at set once they have been told.
CREATE TABLE stock_alerts (
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id  TEXT NOT NULL REFERENCES products (id),
    created_at  INTEGER NOT NULL,
    notified_at INTEGER,
    PRIMARY KEY (user_id, product_id)
);
CREATE INDEX stock_alerts_product ON stock_alerts (product_id);
