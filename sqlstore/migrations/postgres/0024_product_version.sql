-- Every change of a product's row counts up its version, whatever statement makes it: servers
-- poll the products' versions (with their number) to learn that another server changed the
-- catalogue and rebuild their snapshot of the product list.
ALTER TABLE products ADD COLUMN version BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION products_count_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.version := OLD.version + 1;
	RETURN NEW;
END
$$;

CREATE TRIGGER products_version BEFORE UPDATE ON products
	FOR EACH ROW EXECUTE FUNCTION products_count_version();
