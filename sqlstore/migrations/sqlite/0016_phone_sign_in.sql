-- Sign-in by phone. A shopper who signs in by phone has their mobile number (10 digits) in phone,
-- no email (email '') and no password (password_hash ''); their email_key is 'phone:' and the
-- number, which no email can be (an email has an @), so that email_key stays unique and required.
ALTER TABLE users ADD COLUMN phone TEXT;
CREATE UNIQUE INDEX users_phone ON users (phone);

-- The code last sent to each number, only as its hash; tries counts the tries made with it.
CREATE TABLE phone_codes (
    phone      TEXT PRIMARY KEY,
    code_hash  TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    tries      INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE INDEX phone_codes_expires_at ON phone_codes (expires_at);
