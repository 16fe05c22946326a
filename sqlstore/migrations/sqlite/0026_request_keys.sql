-- The Idempotency-Keys of checkout calls: a call sent again under its key is answered as the first
-- was and creates nothing. An order's key is written with the order, in its transaction; page is
-- the provider's page the call answered, once a payment was started.
CREATE TABLE request_keys (
    user_id    TEXT NOT NULL REFERENCES users (id),
    key        TEXT NOT NULL,
    request    TEXT NOT NULL,
    order_id   TEXT REFERENCES orders (id) ON DELETE CASCADE,
    page       TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, key)
);
CREATE INDEX request_keys_created_at ON request_keys (created_at);
