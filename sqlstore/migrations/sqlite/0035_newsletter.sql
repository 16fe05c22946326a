-- The newsletter's list: an address given on the home page's signup, unconfirmed until its owner
-- follows the link mailed to it (confirm_token, cleared once used); unsubscribe_token is the
-- address's own link off the list (unsubscribed_at). Tokens are random and grant only these.
CREATE TABLE subscribers (
    id                TEXT PRIMARY KEY,
    email             TEXT NOT NULL UNIQUE,
    language          TEXT NOT NULL DEFAULT 'en',
    confirm_token     TEXT UNIQUE,
    unsubscribe_token TEXT NOT NULL UNIQUE,
    created_at        BIGINT NOT NULL,
    confirmed_at      BIGINT,
    unsubscribed_at   BIGINT
);

-- A message goes to an account or to a subscriber: the outbox is rebuilt with user_id optional.
CREATE TABLE messages_new (
    id            TEXT PRIMARY KEY,
    channel       TEXT NOT NULL,
    kind          TEXT NOT NULL,
    dedupe        TEXT NOT NULL UNIQUE,
    user_id       TEXT REFERENCES users (id) ON DELETE CASCADE,
    subscriber_id TEXT REFERENCES subscribers (id) ON DELETE CASCADE,
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
INSERT INTO messages_new (id, channel, kind, dedupe, user_id, order_id, product_id, tries, created_at, next_at, claim,
    claimed_until, sent_at, failed_at, last_error)
SELECT id, channel, kind, dedupe, user_id, order_id, product_id, tries, created_at, next_at, claim,
    claimed_until, sent_at, failed_at, last_error FROM messages;
DROP TABLE messages;
ALTER TABLE messages_new RENAME TO messages;
CREATE INDEX messages_due ON messages (next_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX messages_done ON messages (created_at);
