-- Tax invoices. The seller's invoice details are part of the store's settings: invoice_on says
-- whether they are set (a store without them issues no tax invoices).
ALTER TABLE store_settings ADD COLUMN invoice_on BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE store_settings ADD COLUMN invoice_legal_name TEXT NOT NULL DEFAULT '';
ALTER TABLE store_settings ADD COLUMN invoice_address TEXT NOT NULL DEFAULT '';
ALTER TABLE store_settings ADD COLUMN invoice_pan TEXT NOT NULL DEFAULT '';

-- The tax invoice of a delivered order, issued in the transaction that delivers it: numbered from
-- 1 in each Nepali fiscal year (fiscal_year is the BS year it begins in, 2082 for 2082/83) from
-- the counter row 'invoice_<fiscal year>', which that transaction updates, so numbers have no
-- gaps. The seller's details are kept as they were at issue; issued_at is in milliseconds.
CREATE TABLE invoices (
    order_id    TEXT PRIMARY KEY REFERENCES orders (id),
    fiscal_year INTEGER NOT NULL,
    number      INTEGER NOT NULL,
    issued_at   INTEGER NOT NULL,
    legal_name  TEXT NOT NULL,
    address     TEXT NOT NULL,
    pan         TEXT NOT NULL,
    UNIQUE (fiscal_year, number)
);
