CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    email         TEXT NOT NULL,
    email_key     TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at    INTEGER NOT NULL
);

CREATE TABLE sellers (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL,
    email_key     TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at    INTEGER NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    role       TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

CREATE TABLE login_failures (
    key          TEXT PRIMARY KEY,
    failures     INTEGER NOT NULL,
    window_start INTEGER NOT NULL
);
CREATE INDEX login_failures_window_start ON login_failures (window_start);

CREATE TABLE products (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    category    TEXT NOT NULL,
    price       INTEGER NOT NULL CHECK (price >= 100),
    offer_price INTEGER NOT NULL CHECK (offer_price >= 0 AND offer_price <= price),
    images      TEXT NOT NULL,
    description TEXT NOT NULL,
    weight      TEXT NOT NULL DEFAULT '',
    in_stock    INTEGER NOT NULL DEFAULT 1,
    created_at  INTEGER NOT NULL
);

CREATE TABLE cart_items (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    quantity   INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 100),
    PRIMARY KEY (user_id, product_id)
);

CREATE TABLE addresses (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    first_name TEXT NOT NULL,
    last_name  TEXT NOT NULL,
    email      TEXT NOT NULL,
    street     TEXT NOT NULL,
    city       TEXT NOT NULL,
    state      TEXT NOT NULL,
    zipcode    TEXT NOT NULL,
    country    TEXT NOT NULL,
    phone      TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX addresses_user_id ON addresses (user_id, created_at);

CREATE TABLE orders (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id),
    address_id   TEXT NOT NULL REFERENCES addresses (id),
    amount       INTEGER NOT NULL,
    payment_type TEXT NOT NULL,
    status       TEXT NOT NULL,
    is_paid      INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL
);
CREATE INDEX orders_user_id ON orders (user_id, created_at);
CREATE INDEX orders_created_at ON orders (created_at);

CREATE TABLE order_items (
    order_id   TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    product_id TEXT NOT NULL REFERENCES products (id),
    unit_price INTEGER NOT NULL,
    quantity   INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 100),
    PRIMARY KEY (order_id, position)
);

CREATE TABLE store_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
