-- The language a seller chose to read the seller area in; empty until they choose one.
ALTER TABLE sellers ADD COLUMN language TEXT NOT NULL DEFAULT '';
