package sqlstore

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations
var migrations embed.FS

// migration is one embedded schema change, numbered by the start of its file name
// (0003_payments.sql is version 3). Both dialects have the same versions.
type migration struct {
	version int
	name    string // the file name
	file    string // its path in migrations
}

// Migrate applies the embedded migrations of the dialect that have not run yet, in order, in
// one transaction. It refuses a database that has applied migrations this build does not have:
// a newer build migrated it, and this one would misread what that one wrote.
func (d *DB) Migrate(ctx context.Context) error {
	known, err := dialectMigrations(d.dialect)
	if err != nil {
		return fmt.Errorf("sqlstore: migrate: %w", err)
	}
	err = d.inTx(ctx, func(tx *Tx) error {
		applied, err := appliedMigrations(ctx, tx, d.dialect)
		if err != nil {
			return err
		}
		if err := checkNoneUnknown(applied, known); err != nil {
			return err
		}
		for _, m := range known {
			if !applied[m.version] {
				if err := applyMigration(ctx, tx, m); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sqlstore: migrate: %w", err)
	}
	return nil
}

// dialectMigrations lists the embedded migrations of a dialect, oldest first.
func dialectMigrations(dialect string) ([]migration, error) {
	files, err := fs.Glob(migrations, "migrations/"+dialect+"/*.sql")
	if err != nil {
		return nil, err
	}
	list := make([]migration, 0, len(files))
	for _, file := range files {
		name := path.Base(file)
		v, err := strconv.Atoi(strings.SplitN(name, "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number", name)
		}
		list = append(list, migration{version: v, name: name, file: file})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].version < list[j].version })
	return list, nil
}

// appliedMigrations returns the versions the database has applied, creating the table that
// records them on a new database. On PostgreSQL it first takes a lock of the schema held until
// tx ends, so that servers starting together on one database migrate one after the other.
func appliedMigrations(ctx context.Context, tx *Tx, dialect string) (map[int]bool, error) {
	if dialect == Postgres {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(7245031, `+lockScope+`)`); err != nil {
			return nil, fmt.Errorf("lock: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`); err != nil {
		return nil, err
	}
	return readApplied(ctx, tx)
}

// readApplied returns the versions recorded in schema_migrations.
func readApplied(ctx context.Context, tx *Tx) (map[int]bool, error) {
	rows, err := tx.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	applied := map[int]bool{}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		applied[v] = true
	}
	return applied, rows.Err()
}

// Ready checks that the database answers and has applied exactly the migrations of this build:
// what a server tells its load balancer on /readyz.
func (d *DB) Ready(ctx context.Context) error {
	known, err := dialectMigrations(d.dialect)
	if err != nil {
		return err
	}
	return d.read(ctx, func(tx *Tx) error {
		applied, err := readApplied(ctx, tx)
		if err != nil {
			return err
		}
		if err := checkNoneUnknown(applied, known); err != nil {
			return err
		}
		for _, m := range known {
			if !applied[m.version] {
				return fmt.Errorf("sqlstore: migration %s is not applied", m.name)
			}
		}
		return nil
	})
}

// checkNoneUnknown refuses applied versions that are not among the known migrations.
func checkNoneUnknown(applied map[int]bool, known []migration) error {
	have := map[int]bool{}
	for _, m := range known {
		have[m.version] = true
	}
	var unknown []int
	for v := range applied {
		if !have[v] {
			unknown = append(unknown, v)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Ints(unknown)
	names := make([]string, len(unknown))
	for i, v := range unknown {
		names[i] = strconv.Itoa(v)
	}
	newest := 0
	if len(known) > 0 {
		newest = known[len(known)-1].version
	}
	return fmt.Errorf("the database has migrations %s applied that this build of haat does not know (it knows up to %d): "+
		"a newer build of haat has migrated it. Run that newer build; this one cannot downgrade the database",
		strings.Join(names, ", "), newest)
}

// applyMigration runs one migration and records it as applied.
func applyMigration(ctx context.Context, tx *Tx, m migration) error {
	body, err := migrations.ReadFile(m.file)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, string(body)); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
		m.version, m.name, tx.now.UnixMilli())
	return err
}
