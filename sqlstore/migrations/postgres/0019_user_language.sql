-- The language a shopper chose to read the store in; empty until they choose one.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT '';
