-- An order is stored first and numbered as the last step of placing it. SQLite's orders.number
-- has allowed NULL from the start (0006), so nothing changes here.
SELECT 1;
