-- When an order last changed: status steps and payment.
ALTER TABLE orders ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
UPDATE orders SET updated_at = created_at;
