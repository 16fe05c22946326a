-- Every order keeps the currency it was placed in. Orders placed before this column existed have
-- none yet: the server labels them with the store's currency when it next starts
-- (LabelOrderCurrency), so that a later change of the store's currency relabels no order.
ALTER TABLE orders ADD COLUMN currency TEXT NOT NULL DEFAULT '';
