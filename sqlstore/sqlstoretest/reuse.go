package sqlstoretest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"haat/sqlstore"
)

// Migrated databases are made once and reused: migrating a new database costs SQLite about 40 ms
// and PostgreSQL about 400 ms (a schema of a hundred files, made and later dropped), and the
// packages' tests open hundreds. A SQLite test gets a copy of a database migrated once. A
// PostgreSQL test gets a schema an earlier test of the package used, emptied (its rows deleted,
// the migrations' own rows put back), or a new one when none is free; a schema whose tables a
// test changed is dropped instead of reused.

// Main runs a package's tests and then drops the PostgreSQL schemas they reused; a package whose
// tests open databases calls it from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(sqlstoretest.Main(m)) }
//
// Without it, each test makes and drops a schema of its own.
func Main(m *testing.M) int {
	pool.mu.Lock()
	pool.on = true
	pool.mu.Unlock()
	dropForgotten()
	code := m.Run()
	pool.mu.Lock()
	defer pool.mu.Unlock()
	pool.on = false
	for _, schema := range pool.free {
		if _, err := pool.admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`); err != nil {
			fmt.Fprintf(os.Stderr, "sqlstoretest: drop schema %s: %v\n", schema, err)
		}
	}
	pool.free = nil
	if pool.admin != nil {
		pool.admin.Close()
	}
	return code
}

// dropForgotten drops the schemas that tests made more than an hour ago: a test process that
// crashed or was stopped dropped none of its own.
func dropForgotten() {
	base := os.Getenv("HAAT_TEST_POSTGRES")
	if base == "" {
		return
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return
	}
	defer admin.Close()
	ctx := context.Background()
	names, err := queryStrings(ctx, admin, `SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)`, schemaPrefix)
	if err != nil {
		fmt.Fprintf(os.Stderr, "sqlstoretest: list schemas: %v\n", err)
		return
	}
	for _, name := range names {
		made, _, _ := strings.Cut(strings.TrimPrefix(name, schemaPrefix), "_")
		if unix, err := strconv.ParseInt(made, 10, 64); err == nil && time.Since(time.Unix(unix, 0)) < time.Hour {
			continue
		}
		if _, err := admin.ExecContext(ctx, `DROP SCHEMA `+name+` CASCADE`); err != nil {
			fmt.Fprintf(os.Stderr, "sqlstoretest: drop schema %s: %v\n", name, err)
		}
	}
}

// migratedSQLite is a SQLite database file with every migration applied, made once.
var migratedSQLite = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "haat-migrated-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, "", dir, sqlstore.WithoutSync())
	if err != nil {
		return nil, err
	}
	// The whole database in its file, none of it left in the write-ahead log.
	_, err = db.SQL().ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(dir, "haat.db"))
})

// copyMigratedSQLite puts a migrated SQLite database in dir, where sqlstore.Open finds it.
func copyMigratedSQLite(t testing.TB, dir string) {
	t.Helper()
	file, err := migratedSQLite()
	if err != nil {
		t.Fatalf("sqlite: migrate: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "haat.db"), file, 0o600); err != nil {
		t.Fatal(err)
	}
}

// pool holds this test process's PostgreSQL schemas that no test is using.
var pool struct {
	mu    sync.Mutex
	on    bool // Main runs the tests: schemas are reused, and dropped at the end
	admin *sql.DB
	free  []string
	// empty is what a schema just migrated holds: how to empty a used one, and its shape.
	empty *emptySchema
}

// emptySchema is what a schema just migrated holds.
type emptySchema struct {
	// tables are its tables but schema_migrations, each before those it refers to.
	tables []string
	// rows are the rows the migrations wrote, as JSON by table.
	rows map[string]string
	// shape sums up its tables, columns, indexes, constraints, triggers and functions, and the
	// migrations applied.
	shape string
}

// reusedSchema answers the URL of a migrated PostgreSQL schema for t alone, which is emptied for
// the next test when t ends, or false when schemas are not reused (see Main).
func reusedSchema(t testing.TB, base string) (string, bool) {
	t.Helper()
	pool.mu.Lock()
	if !pool.on {
		pool.mu.Unlock()
		return "", false
	}
	if pool.admin == nil {
		admin, err := sql.Open("pgx", base)
		if err != nil {
			pool.mu.Unlock()
			t.Fatalf("postgres: %v", err)
		}
		pool.admin = admin
	}
	admin := pool.admin
	var schema string
	if n := len(pool.free); n > 0 {
		schema, pool.free = pool.free[n-1], pool.free[:n-1]
	}
	pool.mu.Unlock()
	ctx := context.Background()
	made := schema == ""
	if made {
		schema = newSchema(t, admin, base)
	}
	// Registered before the test opens the schema: the test's connections are closed first.
	t.Cleanup(func() {
		pool.mu.Lock()
		empty := pool.empty
		pool.mu.Unlock()
		if empty == nil {
			admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
			return
		}
		if err := empty.restore(ctx, admin, schema); err != nil {
			t.Logf("postgres: schema %s not reused: %v", schema, err)
			admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
			return
		}
		pool.mu.Lock()
		defer pool.mu.Unlock()
		if !pool.on {
			admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
			return
		}
		pool.free = append(pool.free, schema)
	})
	if made {
		db, err := sqlstore.Open(ctx, schemaURL(t, base, schema, true), t.TempDir(), sqlstore.WithoutSync())
		if err != nil {
			t.Fatalf("postgres: migrate: %v", err)
		}
		db.Close()
		pool.mu.Lock()
		if pool.empty == nil {
			pool.empty, err = readEmpty(ctx, admin, schema)
		}
		pool.mu.Unlock()
		if err != nil {
			t.Fatalf("postgres: %v", err)
		}
	}
	return schemaURL(t, base, schema, true), true
}

// errChanged refuses to reuse a schema whose tables a test changed.
var errChanged = errors.New("its tables were changed")

// restore empties schema as it was just migrated, or answers why it cannot.
func (e *emptySchema) restore(ctx context.Context, admin *sql.DB, schema string) error {
	shape, err := readShape(ctx, admin, schema)
	if err != nil {
		return err
	}
	if shape != e.shape {
		return errChanged
	}
	var q strings.Builder
	for _, table := range e.tables {
		fmt.Fprintf(&q, "DELETE FROM %s.%s;\n", schema, table)
	}
	for table, rows := range e.rows {
		fmt.Fprintf(&q, "INSERT INTO %[1]s.%[2]s SELECT * FROM json_populate_recordset(NULL::%[1]s.%[2]s, %[3]s);\n", schema, table, quote(rows))
	}
	// One transaction, rolled back on its own connection when a statement fails.
	tx, err := admin.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, q.String()); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// readEmpty reads what schema, just migrated, holds.
func readEmpty(ctx context.Context, admin *sql.DB, schema string) (*emptySchema, error) {
	e := &emptySchema{rows: map[string]string{}}
	var err error
	if e.shape, err = readShape(ctx, admin, schema); err != nil {
		return nil, err
	}
	tables, err := queryStrings(ctx, admin, `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations' ORDER BY c.relname`, schema)
	if err != nil {
		return nil, err
	}
	refs, err := queryStrings(ctx, admin, `SELECT f.relname || ' ' || t.relname FROM pg_constraint k
		JOIN pg_class f ON f.oid = k.conrelid JOIN pg_class t ON t.oid = k.confrelid
		JOIN pg_namespace n ON n.oid = k.connamespace WHERE n.nspname = $1 AND k.contype = 'f' AND f.oid <> t.oid`, schema)
	if err != nil {
		return nil, err
	}
	if e.tables, err = referrersFirst(tables, refs); err != nil {
		return nil, err
	}
	for _, table := range tables {
		var rows sql.NullString
		if err := admin.QueryRowContext(ctx, fmt.Sprintf(`SELECT json_agg(t) FROM %s.%s t`, schema, table)).Scan(&rows); err != nil {
			return nil, err
		}
		if rows.Valid {
			e.rows[table] = rows.String
		}
	}
	return e, nil
}

// referrersFirst orders tables so that each comes before the tables it refers to (refs: "from to").
func referrersFirst(tables, refs []string) ([]string, error) {
	referredBy := map[string][]string{}
	for _, r := range refs {
		from, to, _ := strings.Cut(r, " ")
		referredBy[to] = append(referredBy[to], from)
	}
	var order []string
	done, doing := map[string]bool{}, map[string]bool{}
	var visit func(string) error
	visit = func(table string) error {
		if done[table] {
			return nil
		}
		if doing[table] {
			return fmt.Errorf("tables refer to each other around %s", table)
		}
		doing[table] = true
		for _, from := range referredBy[table] {
			if err := visit(from); err != nil {
				return err
			}
		}
		done[table] = true
		order = append(order, table)
		return nil
	}
	for _, table := range tables {
		if err := visit(table); err != nil {
			return nil, err
		}
	}
	return order, nil
}

// readShape sums up schema's tables, columns, indexes, constraints, triggers and functions and
// the migrations it applied, without its name.
func readShape(ctx context.Context, admin *sql.DB, schema string) (string, error) {
	var shape string
	err := admin.QueryRowContext(ctx, `SELECT md5(string_agg(replace(x, $1, ''), '|' ORDER BY x)) FROM (
		SELECT 'r ' || c.relname || ' ' || c.relkind::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1
		UNION ALL SELECT 'c ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull
			FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
			WHERE n.nspname = $1 AND a.attnum > 0 AND NOT a.attisdropped
		UNION ALL SELECT 'k ' || k.conname FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace WHERE n.nspname = $1
		UNION ALL SELECT 't ' || g.tgname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
			JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND NOT g.tgisinternal
		UNION ALL SELECT 'f ' || p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1
	) q(x)`, schema).Scan(&shape)
	if err != nil {
		return "", err
	}
	var applied sql.NullString
	err = admin.QueryRowContext(ctx, fmt.Sprintf(`SELECT string_agg(version::text, ',' ORDER BY version) FROM %s.schema_migrations`, schema)).Scan(&applied)
	return shape + " " + applied.String, err
}

// queryStrings answers the one text column of query's rows.
func queryStrings(ctx context.Context, admin *sql.DB, query string, args ...any) ([]string, error) {
	rows, err := admin.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		list = append(list, s)
	}
	return slices.Clip(list), rows.Err()
}

// quote is s as an SQL string literal.
func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
