-- Refunds of part of an order (lines or an amount), agreed by the owner or on a claim: each an
-- adjustment of the order's bill, kept as agreed; state goes from 'due' to 'made' once, with the
-- provider's reference when made through its API. Never deleted: the law asks five years.
CREATE TABLE refunds (
    id               TEXT PRIMARY KEY,
    order_id         TEXT NOT NULL REFERENCES orders (id),
    -- the paid attempt whose money goes back, for a refund the way the order was paid online
    attempt_id       TEXT,
    way              TEXT NOT NULL,
    amount           INTEGER NOT NULL,
    currency         TEXT NOT NULL,
    lines            TEXT NOT NULL,
    adjustments      TEXT NOT NULL,
    reason           TEXT NOT NULL,
    state            TEXT NOT NULL,
    refund_reference TEXT NOT NULL DEFAULT '',
    created_at       INTEGER NOT NULL,
    due_by           INTEGER NOT NULL,
    made_at          INTEGER,
    by_id            TEXT NOT NULL DEFAULT '',
    by_name          TEXT NOT NULL DEFAULT '',
    by_role          TEXT NOT NULL DEFAULT ''
);
CREATE INDEX refunds_order ON refunds (order_id, created_at);
CREATE INDEX refunds_due ON refunds (state, due_by);
CREATE INDEX refunds_created ON refunds (created_at);

-- The credit note of a refund of an order with a tax invoice: numbered in the fiscal year of its
-- date in a series of its own (counter credit_note_<year>), with the figures given back and the
-- seller's details as issued; never changed.
CREATE TABLE credit_notes (
    refund_id      TEXT PRIMARY KEY REFERENCES refunds (id),
    order_id       TEXT NOT NULL REFERENCES orders (id),
    fiscal_year    INTEGER NOT NULL,
    number         INTEGER NOT NULL,
    invoice        TEXT NOT NULL,
    issued_at      INTEGER NOT NULL,
    legal_name     TEXT NOT NULL,
    address        TEXT NOT NULL,
    pan            TEXT NOT NULL,
    lines          TEXT NOT NULL,
    reason         TEXT NOT NULL,
    tax_rule       TEXT NOT NULL,
    tax            INTEGER NOT NULL,
    taxable_ex_vat INTEGER NOT NULL,
    exempt         INTEGER NOT NULL,
    total          INTEGER NOT NULL,
    UNIQUE (fiscal_year, number)
);
CREATE INDEX credit_notes_order ON credit_notes (order_id);
CREATE INDEX credit_notes_issued ON credit_notes (issued_at);
