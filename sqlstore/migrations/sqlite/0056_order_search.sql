-- The seller finds orders by any part of the name or phone they are delivered to (LIKE '%…%'),
-- which no B-tree index answers: without one the search walked a million orders for a phone. The
-- search index holds each numbered order's name and phone as the search reads them (orderSearchText
-- in sqlstore/order.go: first and last name, a unit separator, the phone, in lower case), under its
-- number, in trigrams, so that FTS5 answers a LIKE of three letters or more from the index. Numbers
-- are the key because they never change once given; rowids may, in a VACUUM.
CREATE VIRTUAL TABLE order_search USING fts5 (text, tokenize = 'trigram');

INSERT INTO order_search (rowid, text)
    SELECT number, LOWER(address_first_name || ' ' || address_last_name || char(31) || address_phone)
    FROM orders WHERE number IS NOT NULL;

-- Kept in step with the orders by the database itself, whatever writes them: an order is numbered
-- as the last step of placing it, and its name and phone are emptied when its shopper closes the
-- account.
CREATE TRIGGER order_search_insert AFTER INSERT ON orders WHEN NEW.number IS NOT NULL
BEGIN
    INSERT INTO order_search (rowid, text)
        VALUES (NEW.number, LOWER(NEW.address_first_name || ' ' || NEW.address_last_name || char(31) || NEW.address_phone));
END;

CREATE TRIGGER order_search_update AFTER UPDATE OF number, address_first_name, address_last_name, address_phone ON orders
BEGIN
    DELETE FROM order_search WHERE rowid = OLD.number;
    INSERT INTO order_search (rowid, text)
        SELECT NEW.number, LOWER(NEW.address_first_name || ' ' || NEW.address_last_name || char(31) || NEW.address_phone)
        WHERE NEW.number IS NOT NULL;
END;

CREATE TRIGGER order_search_delete AFTER DELETE ON orders
BEGIN
    DELETE FROM order_search WHERE rowid = OLD.number;
END;
