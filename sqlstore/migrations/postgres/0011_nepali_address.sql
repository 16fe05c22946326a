-- A Nepali address's district, ward number (0: not given) and landmark, beside the spec's fields
-- (state holds the province, city the municipality, street the tole).
ALTER TABLE addresses ADD COLUMN district TEXT NOT NULL DEFAULT '';
ALTER TABLE addresses ADD COLUMN ward INTEGER NOT NULL DEFAULT 0;
ALTER TABLE addresses ADD COLUMN landmark TEXT NOT NULL DEFAULT '';
