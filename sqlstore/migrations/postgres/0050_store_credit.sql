-- Store credit: each shopper's ledger, whose entries are never changed nor deleted (amount added,
-- positive, or taken, negative; why; for which order), and their balance, the sum of the ledger
-- kept in a row of its own, so that an order spends credit with one conditional update
-- (balance >= what it takes) in its own write: two orders placed at once never spend it twice.
CREATE TABLE credit_balances (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    balance BIGINT NOT NULL DEFAULT 0 CHECK (balance >= 0)
);
CREATE TABLE credit_entries (
    id       TEXT PRIMARY KEY,
    user_id  TEXT NOT NULL REFERENCES users (id),
    amount   BIGINT NOT NULL CHECK (amount <> 0),
    reason   TEXT NOT NULL,
    order_id TEXT NOT NULL REFERENCES orders (id),
    note     TEXT NOT NULL DEFAULT '',
    at       BIGINT NOT NULL
);
CREATE INDEX credit_entries_user ON credit_entries (user_id, at, id);
-- An order spends credit once, and gives it back once when cancelled.
CREATE UNIQUE INDEX credit_entries_once ON credit_entries (order_id, reason) WHERE reason IN ('spent', 'returned');
-- The part of an order's amount its shopper's store credit paid.
ALTER TABLE orders ADD COLUMN credit_used BIGINT NOT NULL DEFAULT 0;
