-- A closed account keeps its row, as its orders name it, with its name, e-mail, phone and password
-- removed; closed_at (milliseconds) says when it was closed. NULL: the account is open.
ALTER TABLE users ADD COLUMN closed_at BIGINT;
