-- Online payments: one attempt per redirect to a provider, and the provider notifications
-- already applied (so that a repeated notification changes nothing).
CREATE TABLE payment_attempts (
    id         TEXT PRIMARY KEY,
    order_id   TEXT NOT NULL REFERENCES orders (id),
    provider   TEXT NOT NULL,
    reference  TEXT,
    amount     INTEGER NOT NULL,
    currency   TEXT NOT NULL,
    state      TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX payment_attempts_reference ON payment_attempts (provider, reference);
CREATE INDEX payment_attempts_state ON payment_attempts (state, created_at);
CREATE INDEX payment_attempts_order ON payment_attempts (order_id);

CREATE TABLE payment_events (
    provider   TEXT NOT NULL,
    event_key  TEXT NOT NULL,
    attempt_id TEXT NOT NULL REFERENCES payment_attempts (id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (provider, event_key)
);
