package sqlstore

import (
	"context"
	"database/sql"
	"sort"
)

// SQL gives tests the database underneath, to set up states the services never produce.
func (d *DB) SQL() *sql.DB { return d.db }

// Columns lists the tables of the database and the names of each table's columns, sorted.
func (d *DB) Columns(ctx context.Context) (map[string][]string, error) {
	query := `SELECT m.name, c.name FROM sqlite_master m JOIN pragma_table_info(m.name) c
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`
	if d.dialect == Postgres {
		query = `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`
	}
	rows, err := d.db.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	tables := map[string][]string{}
	for rows.Next() {
		var table, column string
		if err := rows.Scan(&table, &column); err != nil {
			return nil, err
		}
		tables[table] = append(tables[table], column)
	}
	for _, columns := range tables {
		sort.Strings(columns)
	}
	return tables, rows.Err()
}

// SetEachBatch makes EachSellerOrder read n orders at a time until the test ends.
func SetEachBatch(t interface{ Cleanup(func()) }, n int) {
	was := eachBatch
	eachBatch = n
	t.Cleanup(func() { eachBatch = was })
}
