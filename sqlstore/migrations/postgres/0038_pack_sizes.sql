-- Pack sizes: products of one family (family, its key in lower case) are the sizes of one product,
-- each labelled (size: "1 kg", "5 kg"); '' for a product of one size.
ALTER TABLE products ADD COLUMN family TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN size TEXT NOT NULL DEFAULT '';
