-- Whether a product is one of the demo catalogue's, which the seller removes before opening. The
-- demo's products are those seeded; in a store seeded before this, they are the products that show
-- a catalogue image (served from /media/catalogue/, never an upload of the seller's).
ALTER TABLE products ADD COLUMN demo BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE products SET demo = TRUE WHERE images LIKE '%"/media/catalogue/%'
    AND EXISTS (SELECT 1 FROM store_meta WHERE key = 'catalogue_seeded');
