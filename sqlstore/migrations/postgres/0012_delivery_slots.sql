-- The seller's daily delivery windows (minutes after midnight, store time), the places taken in
-- each window on each day, and the slot an order was placed for (its times as chosen; slot_taken
-- is 1 while the order holds a place, 0 once a cancelling gave it back).
CREATE TABLE delivery_windows (
    id           TEXT PRIMARY KEY,
    start_minute INTEGER NOT NULL,
    end_minute   INTEGER NOT NULL,
    capacity     INTEGER NOT NULL,
    cutoff       INTEGER NOT NULL
);
CREATE TABLE slot_places (
    day       TEXT NOT NULL,
    window_id TEXT NOT NULL,
    taken     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, window_id)
);
ALTER TABLE orders ADD COLUMN slot_day TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN slot_window TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN slot_start INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN slot_end INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN slot_taken INTEGER NOT NULL DEFAULT 0;
CREATE INDEX orders_slot ON orders (slot_day, slot_window);
