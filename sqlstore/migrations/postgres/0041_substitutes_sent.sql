-- What was sent instead of an order's item that was not there at packing, and the shopper's answer
-- to it (haat.Sent, as JSON); NULL when nothing was.
ALTER TABLE order_items ADD COLUMN sent TEXT;
