package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"time"

	"haat/launch"
	"haat/sqlstore"
)

// backupEvery is how often the store writes a backup into HAAT_BACKUP_DIR.
const backupEvery = 24 * time.Hour

// backupName is the name of a backup the store wrote: haat-YYYYMMDD-HHMMSS.db, in UTC. Only files
// so named are ever deleted from the folder.
var backupName = regexp.MustCompile(`^haat-\d{8}-\d{6}\.db$`)

// backups writes consistent copies of the SQLite database into a folder and keeps the newest.
type backups struct {
	db     *sqlstore.DB
	dir    string
	keep   int
	logger *slog.Logger
	// succeeded and failed are told of each backup written and each that failed (the metrics).
	succeeded func(at time.Time, size int64)
	failed    func()

	mu   sync.Mutex
	last launch.BackupStatus
}

// newBackups keeps backups of db in dir; the newest one already there counts as the last.
func newBackups(db *sqlstore.DB, dir string, keep int, logger *slog.Logger) (*backups, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("HAAT_BACKUP_DIR: %w", err)
	}
	b := &backups{db: db, dir: dir, keep: keep, logger: logger, succeeded: func(time.Time, int64) {}, failed: func() {}}
	b.last.On = true
	names, err := b.names()
	if err != nil {
		return nil, err
	}
	if len(names) > 0 {
		if info, err := os.Stat(filepath.Join(dir, names[len(names)-1])); err == nil {
			b.last.Last, b.last.Size = info.ModTime(), info.Size()
		}
	}
	return b, nil
}

// status is where the backups stand.
func (b *backups) status() launch.BackupStatus {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.last
}

// run writes a backup first after first (a minute, so that a store restarted often still makes
// them), then every interval, until ctx ends. A failure is logged and counted; the next one tries again.
func (b *backups) run(ctx context.Context, first, interval time.Duration) {
	repeat(ctx, first, interval, func() {
		if err := b.write(ctx); err != nil && ctx.Err() == nil {
			b.failed()
			b.logger.Error("backup failed", "dir", b.dir, "err", err)
		}
	})
}

// write writes one backup, named for the time, and deletes the store's oldest beyond keep.
// Backups run one at a time (run's loop).
func (b *backups) write(ctx context.Context) error {
	now := b.db.Now().UTC()
	path := filepath.Join(b.dir, "haat-"+now.Format("20060102-150405")+".db")
	// Written under another name first, so that a backup cut short never passes for one.
	partial := path + ".partial"
	os.Remove(partial)
	if err := b.db.Backup(ctx, partial); err != nil {
		os.Remove(partial)
		return err
	}
	if err := os.Rename(partial, path); err != nil {
		os.Remove(partial)
		return err
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	b.mu.Lock()
	b.last.Last, b.last.Size = now, info.Size()
	b.mu.Unlock()
	b.succeeded(now, info.Size())
	b.logger.Info("backup written", "file", path, "bytes", info.Size())
	names, err := b.names()
	if err != nil {
		return err
	}
	for len(names) > b.keep {
		if err := os.Remove(filepath.Join(b.dir, names[0])); err != nil {
			return err
		}
		names = names[1:]
	}
	return nil
}

// names lists the store's backups in the folder, oldest first (their names sort by time).
func (b *backups) names() ([]string, error) {
	entries, err := os.ReadDir(b.dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && backupName.MatchString(e.Name()) {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names, nil
}
