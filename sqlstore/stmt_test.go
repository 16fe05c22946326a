package sqlstore

import (
	"context"
	"fmt"
	"testing"
)

// TestCloseWaitsForBackgroundPrepare: a statement being prepared in the background when the store
// closes holds one of its connections; Close waits for it, so that no connection outlives the store
// (on SQLite it would open or remove the database's files after Close, in a folder being removed).
func TestCloseWaitsForBackgroundPrepare(t *testing.T) {
	ctx := context.Background()
	for i := range 30 {
		d, err := Open(ctx, "", t.TempDir(), WithoutSync())
		if err != nil {
			t.Fatal(err)
		}
		// A query the cache does not hold yet: reading it has it prepared in the background.
		query := fmt.Sprintf(`SELECT COUNT(*) + %d FROM products`, i)
		if err := d.read(ctx, func(tx *Tx) error {
			var n int
			return tx.QueryRowContext(ctx, query).Scan(&n)
		}); err != nil {
			t.Fatal(err)
		}
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
		if open := d.db.Stats().OpenConnections; open != 0 {
			t.Fatalf("run %d: %d connections open after Close", i, open)
		}
	}
}
