-- The seller finds orders by any part of the name or phone they are delivered to (LIKE '%…%'),
-- which no B-tree index answers: without one the search walked a million orders for a phone. A
-- trigram index (pg_trgm) of each order's name and phone as the search reads them (orderSearchText
-- in sqlstore/order.go: first and last name, a unit separator, the phone, in lower case) answers a
-- LIKE of three letters or more. It is written to as each order is (fastupdate off): no pending
-- list that a search must read and some order's write must one day merge into the index.
--
-- pg_trgm is one of PostgreSQL's own extensions, trusted: the database's owner may create it. It
-- goes in the schema public, shared by the database, not in the store's own schema: a store
-- dropped with its schema must not take the extension, and the indexes of the other stores on the
-- database with it. Where it is installed already (in whatever schema), that one is used.
-- Stores in other schemas of the database may be migrated at the same moment (several started
-- at once, the tests), and CREATE EXTENSION IF NOT EXISTS does not wait for another's: the second
-- fails on the catalog's unique index. A lock of the whole database, held until this migration
-- commits, makes them take turns; the second then finds the extension there.
SELECT pg_advisory_xact_lock(7245056);
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

DO $$
DECLARE
    ops text;
BEGIN
    SELECT quote_ident(n.nspname) || '.gin_trgm_ops' INTO ops
        FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
    EXECUTE 'CREATE INDEX orders_search ON orders USING gin '
        || '((LOWER(address_first_name || '' '' || address_last_name || chr(31) || address_phone)) ' || ops || ') '
        || 'WITH (fastupdate = off)';
END
$$;

-- The planner weighs the index against the walk of the newest orders by how common a search's
-- text is, which it reads in the statistics of the indexed expression: gathered now, not once
-- autovacuum next analyzes the orders (after a tenth of them have changed, months in a big store).
-- Not in a store without orders: statistics that say "empty" make the planner walk the table for
-- every lookup of an order by its id (the foreign keys of its items, its steps), in plans each
-- connection keeps while the table grows, until autovacuum analyzes it a minute later. Never
-- analyzed, a table is taken to be ten pages at least, and such a lookup reads the primary key.
DO $$
BEGIN
    IF EXISTS (SELECT FROM orders) THEN
        ANALYZE orders;
    END IF;
END
$$;
