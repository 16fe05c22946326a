-- The newsletter's list: an address given on the home page's signup, unconfirmed until its owner
-- follows the link mailed to it (confirm_token, cleared once used); unsubscribe_token is the
-- address's own link off the list (unsubscribed_at). Tokens are random and grant only these.
CREATE TABLE subscribers (
    id                TEXT PRIMARY KEY,
    email             TEXT NOT NULL UNIQUE,
    language          TEXT NOT NULL DEFAULT 'en',
    confirm_token     TEXT UNIQUE,
    unsubscribe_token TEXT NOT NULL UNIQUE,
    created_at        BIGINT NOT NULL,
    confirmed_at      BIGINT,
    unsubscribed_at   BIGINT
);

-- A message goes to an account or to a subscriber.
ALTER TABLE messages ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE messages ADD COLUMN subscriber_id TEXT REFERENCES subscribers (id) ON DELETE CASCADE;
