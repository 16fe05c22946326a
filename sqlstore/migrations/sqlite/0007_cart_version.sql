-- The cart's version: raised by every change of the cart, so that an update naming an older one is refused.
ALTER TABLE users ADD COLUMN cart_version INTEGER NOT NULL DEFAULT 0;
