-- Cash a rider hands in to the store, as the owner records it: never changed nor deleted; a
-- correction is another handover (a negative amount, with a note). rider_name and by_name are as
-- they were named then, so that the sheet stays when a member of staff leaves.
CREATE TABLE cash_handovers (
    id         TEXT PRIMARY KEY,
    rider_id   TEXT NOT NULL,
    rider_name TEXT NOT NULL DEFAULT '',
    amount     BIGINT NOT NULL,
    note       TEXT NOT NULL DEFAULT '',
    at         BIGINT NOT NULL,
    by_id      TEXT NOT NULL DEFAULT '',
    by_name    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX cash_handovers_at ON cash_handovers (at);
-- The cash a rider collected: the steps Paid they took, found by the day they were taken.
CREATE INDEX order_events_status_at ON order_events (status, at);
