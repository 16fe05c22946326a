-- The store's identity, promises, returns policy and legal details (haat.StoreDetails, Policy and
-- LegalDetails) as one JSON document: '' is a store that never set them.
ALTER TABLE store_settings ADD COLUMN profile TEXT NOT NULL DEFAULT '';
