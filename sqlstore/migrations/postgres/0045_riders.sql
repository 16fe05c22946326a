-- Riders: the rider an order is given to (rider_id, and their name and number as they were when
-- it was given), the handover code the shopper tells them at the door while it is out for
-- delivery, the wrong codes given for it, and how its delivery was proved (JSON: method, photo,
-- reason).
ALTER TABLE orders ADD COLUMN rider_id TEXT;
ALTER TABLE orders ADD COLUMN rider_name TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN rider_phone TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN handover_code TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN handover_tries INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN proof TEXT;
CREATE INDEX orders_rider ON orders (rider_id, status) WHERE rider_id IS NOT NULL;
