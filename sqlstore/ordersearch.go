package sqlstore

// The seller's search of orders: by number, or by the name and phone they are delivered to.

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"
)

// addSearch adds the condition that the order has the number, when there is one, or that the
// address it was placed with has its first, last or full name or its phone contains text, in any
// case: that orderSearchText contains it, which holds exactly then, as text holds no unit separator.
//
// A search index (migration 0056) answers "contains" for a text of three letters or more. On
// PostgreSQL it is a trigram index of orderSearchText (pg_trgm), and the planner, which knows how
// common the text's trigrams are, chooses between it and the walk of the newest orders. SQLite's
// (FTS5's trigrams) is a table of its own, and the store chooses: when it names at most searchCap
// orders (2,000), the condition is that the order is one of them, read by number; when it names
// more, the search is common enough that the walk of the newest orders soon finds a page.
func addSearch(ctx context.Context, tx *Tx, w *where, text string, number *int64) error {
	text = strings.ToLower(text)
	like := "%" + likeEscaper.Replace(text) + "%"
	numbers, found, err := searchIndex(ctx, tx, text, like)
	if err != nil {
		return fmt.Errorf("order search: %w", err)
	}
	if tx.dialect == Postgres {
		// Planned for the text at hand: a statement's plan kept for any text (a generic plan, which
		// PostgreSQL takes after five runs) walks a million orders for a phone, or gathers and sorts
		// forty thousand for a common name, whichever way it chose.
		if _, err := tx.ExecContext(ctx, `SET LOCAL plan_cache_mode = force_custom_plan`); err != nil {
			return fmt.Errorf("order search: %w", err)
		}
	}
	if !found {
		cond := orderSearchText(tx.dialect) + ` LIKE ? ESCAPE '\'`
		args := []any{like}
		if number != nil {
			cond += ` OR o.number = ?`
			args = append(args, *number)
		}
		w.add(`(`+cond+`)`, args...)
		return nil
	}
	if number != nil {
		numbers = append(numbers, *number)
	}
	addIn(w, `o.number`, numbers)
	return nil
}

// searchIndex returns the numbers of the orders whose orderSearchText contains text (like is the
// pattern that says so), when SQLite's search index can tell and they are at most tx.searchCap;
// found is false otherwise. The index answers a text of three letters or more without LIKE's
// wildcards.
func searchIndex(ctx context.Context, tx *Tx, text, like string) (numbers []int64, found bool, err error) {
	if tx.dialect != SQLite || utf8.RuneCountInString(text) < 3 || strings.ContainsAny(text, `%_\`) {
		return nil, false, nil
	}
	rows, err := tx.QueryContext(ctx, `SELECT rowid FROM order_search WHERE text LIKE $1 LIMIT $2`, like, tx.searchCap+1)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	for rows.Next() {
		var n int64
		if err := rows.Scan(&n); err != nil {
			return nil, false, err
		}
		numbers = append(numbers, n)
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	return numbers, len(numbers) <= tx.searchCap, nil
}

// orderSearchText is what the seller's search looks in: the first and last name the order is
// delivered to, a unit separator (which no search holds, so that none spans name and phone) and
// the phone, in lower case. Migration 0056 indexes exactly this, on each database.
func orderSearchText(dialect string) string {
	sep := `char(31)`
	if dialect == Postgres {
		sep = `chr(31)`
	}
	return `LOWER(o.address_first_name || ' ' || o.address_last_name || ` + sep + ` || o.address_phone)`
}

// likeEscaper escapes the characters LIKE reads as wildcards, and its escape character.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
