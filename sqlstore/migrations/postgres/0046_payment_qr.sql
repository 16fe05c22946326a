-- A payment by QR code (Fonepay Dynamic QR) keeps the text of its code, which the payer's page shows
-- while the attempt is pending.
ALTER TABLE payment_attempts ADD COLUMN qr TEXT NOT NULL DEFAULT '';
