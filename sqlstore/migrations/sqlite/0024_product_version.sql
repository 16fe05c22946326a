-- Every change of a product's row counts up its version, whatever statement makes it: servers
-- poll the products' versions (with their number) to learn that another process changed the
-- catalogue and rebuild their snapshot of the product list.
ALTER TABLE products ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER products_version AFTER UPDATE ON products FOR EACH ROW WHEN NEW.version = OLD.version
BEGIN
	UPDATE products SET version = OLD.version + 1 WHERE id = NEW.id;
END;
