-- When each order was promised to arrive (Unix milliseconds), fixed as it is placed: its slot's
-- end, or the store's speed promise from its placing; NULL when neither named a time. Orders placed
-- before kept no promise: those with a slot are promised its end (the slot's day in Nepal's time,
-- +05:45, and its end in minutes), the others no time, as nothing says what they were promised.
ALTER TABLE orders ADD COLUMN promised_by BIGINT;
UPDATE orders SET promised_by = (CAST(EXTRACT(EPOCH FROM CAST(slot_day AS DATE)) AS BIGINT) - 20700 + slot_end * 60) * 1000
    WHERE slot_day <> '';
