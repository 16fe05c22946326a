-- The store's settings, one row (id 1) once the seller saved any. Delivery rules: delivery_on
-- says whether they are set; districts is a JSON array of district names; amounts in minor units.
CREATE TABLE store_settings (
    id                 INTEGER PRIMARY KEY CHECK (id = 1),
    delivery_on        BOOLEAN NOT NULL,
    delivery_districts TEXT NOT NULL,
    delivery_fee       INTEGER NOT NULL,
    delivery_free_from INTEGER NOT NULL,
    minimum_order      INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL
);

-- What an order was charged for delivery, part of its amount; orders before this paid none.
ALTER TABLE orders ADD COLUMN delivery_fee INTEGER NOT NULL DEFAULT 0;
