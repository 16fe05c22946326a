-- An order keeps a copy of the address it was placed with, so the shopper may edit or delete
-- their saved addresses without changing where a past order went: the order, its invoice and the
-- seller's view show the copy. address_id still names the saved address the copy came from.
ALTER TABLE orders ADD COLUMN address_first_name TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN address_last_name TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN address_email TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN address_street TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN address_city TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN address_state TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN address_zipcode TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN address_country TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN address_phone TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN address_district TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN address_ward INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN address_landmark TEXT NOT NULL DEFAULT '';

-- backfill: the orders there are keep the address they show today (no address was ever edited).
UPDATE orders SET
    address_first_name = (SELECT a.first_name FROM addresses a WHERE a.id = orders.address_id),
    address_last_name = (SELECT a.last_name FROM addresses a WHERE a.id = orders.address_id),
    address_email = (SELECT a.email FROM addresses a WHERE a.id = orders.address_id),
    address_street = (SELECT a.street FROM addresses a WHERE a.id = orders.address_id),
    address_city = (SELECT a.city FROM addresses a WHERE a.id = orders.address_id),
    address_state = (SELECT a.state FROM addresses a WHERE a.id = orders.address_id),
    address_zipcode = (SELECT a.zipcode FROM addresses a WHERE a.id = orders.address_id),
    address_country = (SELECT a.country FROM addresses a WHERE a.id = orders.address_id),
    address_phone = (SELECT a.phone FROM addresses a WHERE a.id = orders.address_id),
    address_district = (SELECT a.district FROM addresses a WHERE a.id = orders.address_id),
    address_ward = (SELECT a.ward FROM addresses a WHERE a.id = orders.address_id),
    address_landmark = (SELECT a.landmark FROM addresses a WHERE a.id = orders.address_id);

-- A saved address a past order came from is not removed when its shopper deletes it (the order
-- still names it): it is marked deleted (milliseconds since the epoch) and no longer listed or
-- offered. The shopper's default address is the one preselected in the cart; at most one of a
-- shopper's addresses is.
ALTER TABLE addresses ADD COLUMN deleted_at INTEGER;
ALTER TABLE addresses ADD COLUMN is_default INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX addresses_one_default ON addresses (user_id) WHERE is_default = TRUE AND deleted_at IS NULL;
