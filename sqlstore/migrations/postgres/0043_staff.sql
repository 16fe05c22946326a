-- Staff: every seller account has a role (owner, packer or rider; those made before are owners) and
-- a name. A member of staff signs in with an email or a mobile number: one who signs in by number
-- has it in phone, no email (email '') and 'phone:' and the number as email_key, which no email can
-- be, so that email_key stays unique and required (as for shoppers).
ALTER TABLE sellers ADD COLUMN role TEXT NOT NULL DEFAULT 'owner';
ALTER TABLE sellers ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE sellers ADD COLUMN phone TEXT;
CREATE UNIQUE INDEX sellers_phone ON sellers (phone);
