-- An order keeps its bill as it was placed, and an invoice its figures as it was issued: reads
-- never work them out again, so a later change of how a bill is worked out, of the tax rule or of
-- the delivery rules rewrites no past order and no issued invoice. Amounts in minor units; the
-- order's total is its amount, the line's amount is its unit price times its quantity.
-- taxable is the value the tax was worked out on (see haat.Bill), adjustments a JSON array of
-- {kind, label, amount}.
ALTER TABLE orders ADD COLUMN subtotal INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN tax INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN taxable INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN exempt INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN adjustments TEXT NOT NULL DEFAULT '[]';
ALTER TABLE order_items ADD COLUMN amount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN tax_rule TEXT NOT NULL DEFAULT 'flat';
ALTER TABLE invoices ADD COLUMN subtotal INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN delivery_fee INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN adjustments TEXT NOT NULL DEFAULT '[]';
ALTER TABLE invoices ADD COLUMN tax INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN taxable_ex_vat INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN exempt INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN total INTEGER NOT NULL DEFAULT 0;

-- backfill: the orders and invoices there are keep the figures they show today, worked out as
-- haat.BillOf does (no adjustments): the flat tax is 2/100 of the subtotal and the VAT 13/113 of
-- the taxable goods and the fee, each rounded half up ((2 × m × num + den) / (2 × den)).
UPDATE order_items SET amount = unit_price * quantity;
UPDATE orders SET subtotal = COALESCE((SELECT SUM(i.amount) FROM order_items i WHERE i.order_id = orders.id), 0);
UPDATE orders SET exempt = COALESCE((SELECT SUM(i.amount) FROM order_items i WHERE i.order_id = orders.id AND i.vat_exempt <> 0), 0)
    WHERE tax_rule = 'vat';
UPDATE orders SET taxable = subtotal - exempt + delivery_fee WHERE tax_rule = 'vat';
UPDATE orders SET taxable = subtotal WHERE tax_rule <> 'vat';
UPDATE orders SET tax = (taxable * 26 + 113) / 226 WHERE tax_rule = 'vat';
UPDATE orders SET tax = (taxable * 4 + 100) / 200 WHERE tax_rule <> 'vat';
UPDATE invoices SET (tax_rule, subtotal, delivery_fee, tax, taxable_ex_vat, exempt, total) = (
    SELECT o.tax_rule, o.subtotal, o.delivery_fee, o.tax, CASE WHEN o.tax_rule = 'vat' THEN o.taxable - o.tax ELSE 0 END, o.exempt, o.amount
    FROM orders o WHERE o.id = invoices.order_id);
