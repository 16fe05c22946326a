-- Coupons: discount codes the owner gives out, with their rules. used counts the orders not
-- cancelled that use the coupon, raised by a conditional update in the order's own write
-- (used < total_uses), so that orders racing for its last uses never pass its limit.
CREATE TABLE coupons (
    id               TEXT PRIMARY KEY,
    code             TEXT NOT NULL UNIQUE,
    kind             TEXT NOT NULL,
    value            BIGINT NOT NULL,
    minimum_order    BIGINT NOT NULL DEFAULT 0,
    starts_at        BIGINT,
    ends_at          BIGINT,
    total_uses       INTEGER NOT NULL DEFAULT 0,
    uses_per_shopper INTEGER NOT NULL DEFAULT 0,
    first_order_only BOOLEAN NOT NULL DEFAULT FALSE,
    categories       TEXT NOT NULL DEFAULT '[]',
    products         TEXT NOT NULL DEFAULT '[]',
    active           BOOLEAN NOT NULL DEFAULT TRUE,
    used             INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0),
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);
-- Each shopper's uses of a coupon, raised the same way (used < uses_per_shopper).
CREATE TABLE coupon_shoppers (
    coupon_id TEXT NOT NULL REFERENCES coupons (id),
    user_id   TEXT NOT NULL,
    used      INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0),
    PRIMARY KEY (coupon_id, user_id)
);
-- The order's use of a coupon and the discount it was given, kept while the order is not
-- cancelled; the order keeps what it was placed with in orders.coupon.
CREATE TABLE coupon_uses (
    order_id  TEXT PRIMARY KEY REFERENCES orders (id),
    coupon_id TEXT NOT NULL REFERENCES coupons (id),
    user_id   TEXT NOT NULL,
    amount    BIGINT NOT NULL,
    at        BIGINT NOT NULL
);
CREATE INDEX coupon_uses_coupon ON coupon_uses (coupon_id);
ALTER TABLE orders ADD COLUMN coupon TEXT;
