-- What is left to pay of each order (haat.Balance's ToPay: its amount less the store credit it
-- used), kept with the order as the store works it out, so that the payment asked for and the cash
-- a rider collects are read, never derived again in SQL.
ALTER TABLE orders ADD COLUMN to_pay BIGINT NOT NULL DEFAULT 0;
UPDATE orders SET to_pay = amount - credit_used;

-- What each line of an order is billed after the adjustments that name its product (packing, a
-- substitute, its share of a coupon: haat.Order.BilledLines), which the dashboard's best sellers
-- add up. The lines of orders placed before it are counted at their amount as placed.
ALTER TABLE order_items ADD COLUMN billed BIGINT;

-- What packing writes of an item changes what the days before today sold: the dashboard's kept sum
-- is read again (see 0057).
CREATE TRIGGER sales_item_packed AFTER UPDATE OF packed_quantity, packed_grams, billed ON order_items FOR EACH ROW
EXECUTE FUNCTION sales_changed();
