-- The dashboard's best sellers add up the items of a week's orders, tens of thousands in a busy
-- store. What the days before today sold changes only when one of their orders stops or starts
-- counting as sold (cancelled, or paid late), so the store keeps their sum between requests
-- (sqlstore/dashboard.go) as long as sales_version stays where it was: the triggers below move it
-- on when an order placed before sales_counted_before (the start of the day the sum ends at,
-- raised by the dashboard) changes so, or when items are written to or changed in one.
-- "Sold" is sqlstore's sold: a cash order or a paid one, not cancelled.
INSERT INTO counters (name, value) VALUES ('sales_version', 0), ('sales_counted_before', 0);

-- The function reads the tables of the schema it was made in, whoever's search path runs it.
CREATE FUNCTION sales_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
    placed bigint;
BEGIN
    IF TG_TABLE_NAME = 'orders' THEN
        placed := OLD.created_at;
    ELSE
        SELECT created_at INTO placed FROM orders WHERE id = NEW.order_id;
    END IF;
    IF placed < (SELECT value FROM counters WHERE name = 'sales_counted_before') THEN
        UPDATE counters SET value = value + 1 WHERE name = 'sales_version';
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER sales_order_changed AFTER UPDATE OF status, is_paid, payment_type ON orders FOR EACH ROW
WHEN (((OLD.payment_type = 'COD' OR OLD.is_paid = TRUE) AND OLD.status <> 'Cancelled')
        IS DISTINCT FROM ((NEW.payment_type = 'COD' OR NEW.is_paid = TRUE) AND NEW.status <> 'Cancelled'))
EXECUTE FUNCTION sales_changed();

CREATE TRIGGER sales_order_deleted AFTER DELETE ON orders FOR EACH ROW EXECUTE FUNCTION sales_changed();

CREATE TRIGGER sales_item_added AFTER INSERT ON order_items FOR EACH ROW EXECUTE FUNCTION sales_changed();

CREATE TRIGGER sales_item_changed AFTER UPDATE OF product_id, unit_price, quantity ON order_items FOR EACH ROW
EXECUTE FUNCTION sales_changed();
