package sqlstore_test

import (
	"fmt"
	"testing"
	"time"

	"haat"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// A claim takes at most the messages it asks for, from a backlog of many, and the next claim
// the next ones: none is claimed twice, so none is sent twice.
func TestClaimFromBacklog(t *testing.T) {
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u, _ := shopperWithAddress(t, db, "backlog@example.com")
		const backlog = 600
		now := time.Now().UnixMilli()
		err := db.Write(ctx, func(tx *sqlstore.Tx) error {
			for i := range backlog {
				if _, err := tx.ExecContext(ctx, `INSERT INTO messages (id, channel, kind, dedupe, user_id, created_at, next_at)
					VALUES ($1, 'mail', 'order-placed', $1, $2, $3, $4)`, fmt.Sprintf("m%04d", i), u.ID, now-backlog, now-backlog+int64(i)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for claim := range 3 {
			due, err := db.ClaimMessages(ctx, haat.ChannelMail, 50)
			if err != nil {
				t.Fatal(err)
			}
			if len(due) != 50 {
				t.Fatalf("claim %d took %d messages, want 50", claim+1, len(due))
			}
			for i, m := range due {
				if want := fmt.Sprintf("m%04d", claim*50+i); m.ID != want {
					t.Fatalf("claim %d: message %d is %s, want %s (the oldest first)", claim+1, i, m.ID, want)
				}
				if seen[m.ID] {
					t.Fatalf("%s claimed twice", m.ID)
				}
				seen[m.ID] = true
			}
		}
	})
}
