-- A number's codes are kept per browser that asked for them (requester: the hash of the browser's
-- sign-in cookie), so that a code someone else asks for the number neither ends the owner's code
-- nor spends its tries. The codes live five minutes: those alive at the upgrade are asked again.
DROP TABLE phone_codes;
CREATE TABLE phone_codes (
    phone      TEXT NOT NULL,
    requester  TEXT NOT NULL,
    code_hash  TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    tries      INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (phone, requester)
);
CREATE INDEX phone_codes_expires_at ON phone_codes (expires_at);
