-- The orders of one status, newest first: the seller's status filter pages through them, and the
-- dashboard counts the orders waiting and lists those out for delivery, without reading the
-- delivered and cancelled orders that make up nearly all of a store's years.
CREATE INDEX orders_status ON orders (status, created_at, id);
-- The orders without a currency, which every start-up labels (LabelOrderCurrency): none once
-- labelled, so that the start-up finds that out without reading every order.
CREATE INDEX orders_unlabelled ON orders (id) WHERE currency = '';
