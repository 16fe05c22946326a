-- An order is stored first and numbered as the last step of placing it, so that the order-number
-- counter stays locked only from then to the commit: its number is NULL until then, inside the
-- placing transaction only.
ALTER TABLE orders ALTER COLUMN number DROP NOT NULL;
