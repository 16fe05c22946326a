-- A product's name and description in Nepali, beside the English ones; empty when not given.
ALTER TABLE products ADD COLUMN name_ne TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN description_ne TEXT NOT NULL DEFAULT '[]';
