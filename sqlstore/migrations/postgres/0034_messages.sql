-- What each shopper chose to be told: news of their orders, products back in stock, the store's
-- newsletter (asked for, never assumed).
ALTER TABLE users ADD COLUMN notify_orders BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE users ADD COLUMN notify_stock BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE users ADD COLUMN notify_news BOOLEAN NOT NULL DEFAULT FALSE;

-- The outbox of messages to shoppers (e-mails, and texts of products back in stock), written in
-- the transaction of the change they tell of and sent afterwards by whichever server claims them:
-- a claim holds a message until claimed_until, the claimer marks it sent (sent_at) or failed (one
-- more try, next_at later, or given up at failed_at). dedupe keeps one message per event.
CREATE TABLE messages (
    id            TEXT PRIMARY KEY,
    channel       TEXT NOT NULL,
    kind          TEXT NOT NULL,
    dedupe        TEXT NOT NULL UNIQUE,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    order_id      TEXT REFERENCES orders (id) ON DELETE CASCADE,
    product_id    TEXT REFERENCES products (id) ON DELETE CASCADE,
    tries         INTEGER NOT NULL DEFAULT 0,
    created_at    BIGINT NOT NULL,
    next_at       BIGINT NOT NULL,
    claim         TEXT NOT NULL DEFAULT '',
    claimed_until BIGINT NOT NULL DEFAULT 0,
    sent_at       BIGINT,
    failed_at     BIGINT,
    last_error    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX messages_due ON messages (next_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX messages_done ON messages (created_at);
