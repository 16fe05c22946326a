-- Text messages to shoppers about their orders (placed, out for delivery, delivered), written in
-- the transaction that moves the order, sent afterwards: a message that fails is tried again and
-- never fails the order. sent_at is set when a server takes the message to send it.
CREATE TABLE order_texts (
    order_id   TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status     TEXT NOT NULL,
    phone      TEXT NOT NULL,
    tries      INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    sent_at    BIGINT,
    PRIMARY KEY (order_id, status)
);
CREATE INDEX order_texts_unsent ON order_texts (sent_at, created_at);
