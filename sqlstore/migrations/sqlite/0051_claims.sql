-- Shoppers' claims about delivered orders (the E-Commerce Act 2081, §33): each recorded with its
-- reference (counter claim_<fiscal year>), acknowledged at once, decided within 15 days with a
-- written reason. Never deleted: the law asks five years.
CREATE TABLE claims (
    id          TEXT PRIMARY KEY,
    fiscal_year INTEGER NOT NULL,
    number      INTEGER NOT NULL,
    order_id    TEXT NOT NULL REFERENCES orders (id),
    user_id     TEXT NOT NULL,
    lines       TEXT NOT NULL,
    note        TEXT NOT NULL,
    photos      TEXT NOT NULL,
    state       TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    decide_by   INTEGER NOT NULL,
    resolution  TEXT NOT NULL DEFAULT '',
    decision    TEXT NOT NULL DEFAULT '',
    resolved_at INTEGER,
    by_id       TEXT NOT NULL DEFAULT '',
    by_name     TEXT NOT NULL DEFAULT '',
    by_role     TEXT NOT NULL DEFAULT '',
    refund_id   TEXT REFERENCES refunds (id),
    UNIQUE (fiscal_year, number)
);
CREATE INDEX claims_state ON claims (state, created_at);
CREATE INDEX claims_user ON claims (user_id, created_at);
CREATE INDEX claims_order ON claims (order_id);
