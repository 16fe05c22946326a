-- A replacement sent for a claim: a new order at no charge, linked to the order it replaces, and
-- the claim to it.
ALTER TABLE orders ADD COLUMN replaces TEXT;
ALTER TABLE claims ADD COLUMN replacement_id TEXT;
