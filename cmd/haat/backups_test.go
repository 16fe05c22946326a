package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"haat/metrics"
	"haat/sqlstore"
)

// TestBackupsWithoutCron: with HAAT_BACKUP_DIR the store writes a backup after the first wait and
// then every interval (short here), each a consistent SQLite database named for its time; it
// keeps the newest HAAT_BACKUP_KEEP of its own and leaves other files alone. The last backup's
// time and size reach the launch checklist and /metrics; a failure is logged and counted.
func TestBackupsWithoutCron(t *testing.T) {
	db, _ := openTestStore(t)
	if err := db.UpsertSeller(t.Context(), "owner@haat.example", "a long password"); err != nil {
		t.Fatal(err)
	}
	// The backups are named by the store's clock, which moves on a minute a backup.
	var minutes atomic.Int64
	start := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return start.Add(time.Duration(minutes.Add(1)) * time.Minute) }
	dir := filepath.Join(t.TempDir(), "backups")
	var logs syncBuffer
	b, err := newBackups(db, dir, 3, slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if st := b.status(); !st.On || !st.Last.IsZero() {
		t.Fatalf("before the first backup: %+v", st)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("the operator's"), 0o600); err != nil {
		t.Fatal(err)
	}
	m := metrics.New()
	b.succeeded, b.failed = m.BackupWritten, m.BackupFailed

	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { b.run(ctx, 10*time.Millisecond, 20*time.Millisecond); close(done) }()
	var names []string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if minutes.Load() >= 5 {
			break
		}
	}
	cancel()
	<-done
	if names, err = b.names(); err != nil || len(names) != 3 {
		t.Fatalf("backups kept: %v (%v), want the newest 3", names, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.txt")); err != nil {
		t.Errorf("a file not the store's was removed: %v", err)
	}
	newest := names[len(names)-1]
	if !slices.IsSorted(names) || !strings.HasPrefix(newest, "haat-20261126-10") {
		t.Errorf("backup names %v", names)
	}
	copyDB, err := sqlstore.Open(t.Context(), "", filepath.Join(t.TempDir(), "restored"))
	if err != nil {
		t.Fatal(err)
	}
	copyDB.Close()
	restored := filepath.Join(t.TempDir(), "restore")
	os.MkdirAll(restored, 0o700)
	data, err := os.ReadFile(filepath.Join(dir, newest))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(restored, "haat.db"), data, 0o600)
	restoredDB, err := sqlstore.Open(t.Context(), "", restored)
	if err != nil {
		t.Fatalf("the backup does not open: %v", err)
	}
	defer restoredDB.Close()
	if _, err := restoredDB.AuthenticateSeller(t.Context(), "owner@haat.example", "a long password"); err != nil {
		t.Errorf("the seller is missing from the backup: %v", err)
	}

	st := b.status()
	info, _ := os.Stat(filepath.Join(dir, newest))
	if st.Last.IsZero() || st.Size != info.Size() || st.Last.Format("20060102-150405") != strings.TrimSuffix(strings.TrimPrefix(newest, "haat-"), ".db") {
		t.Errorf("status %+v, newest %s of %d bytes", st, newest, info.Size())
	}
	l := newLaunch(config{}, nil, b)
	if got := l.LaunchConfig(t.Context()).Backups; got != st {
		t.Errorf("the checklist sees %+v, want %+v", got, st)
	}
	// A store started again finds its last backup in the folder.
	again, err := newBackups(db, dir, 3, slog.New(slog.DiscardHandler))
	if err != nil || again.status().Size != st.Size || again.status().Last.IsZero() {
		t.Errorf("after a restart: %+v (%v)", again.status(), err)
	}

	// A backup that fails (the folder became a file) is logged and counted.
	os.RemoveAll(dir)
	os.WriteFile(dir, nil, 0o600)
	ctx, cancel = context.WithCancel(t.Context())
	done = make(chan struct{})
	go func() { b.run(ctx, time.Millisecond, time.Hour); close(done) }()
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(logs.String(), "backup failed") && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-done
	if !strings.Contains(logs.String(), "backup failed") {
		t.Errorf("no failure logged: %s", logs.String())
	}
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	for _, line := range []string{"haat_backup_failures_total 1", "haat_backup_last_size_bytes " + itoa(st.Size),
		"haat_backup_last_success_timestamp_seconds " + formatFloat(float64(st.Last.Unix()))} {
		if !bytes.Contains(body, []byte(line+"\n")) {
			t.Errorf("/metrics has no %q", line)
		}
	}
}

// TestBackupDirRefusedWithPostgres: the store backs up SQLite only; with PostgreSQL the setting is
// refused at start-up, pointing to pg_dump.
func TestBackupDirRefusedWithPostgres(t *testing.T) {
	t.Setenv("HAAT_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/none")
	t.Setenv("HAAT_BACKUP_DIR", t.TempDir())
	var out bytes.Buffer
	err := run(context.Background(), []string{"serve", "-data-dir", t.TempDir()}, nil, &out, &out)
	if err == nil || !strings.Contains(err.Error(), "pg_dump") || !strings.Contains(err.Error(), "HAAT_BACKUP_DIR") {
		t.Fatalf("HAAT_BACKUP_DIR with PostgreSQL: %v", err)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// formatFloat writes a number as the Prometheus text format does.
func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// TestLaunchAsksThePaymentProviders: the checklist counts the real payment providers configured,
// not the test page, and asks each whether it answers; the answer is kept for a few minutes, then
// asked again.
func TestLaunchAsksThePaymentProviders(t *testing.T) {
	var asked atomic.Int64
	stripe := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		w.WriteHeader(http.StatusUnauthorized) // any answer will do: the provider is there
	}))
	cfg := config{Env: "production", Sandbox: "true", Currency: "USD", SMS: smsConfig{Provider: "log"},
		Pay: paymentConfig{StripeSecretKey: "sk_test_x", StripeWebhookSecret: "whsec_x", StripeAPIURL: stripe.URL}}
	providers, err := cfg.providers()
	if err != nil || len(providers) != 2 {
		t.Fatalf("providers %v (%v), want Stripe and the test page", providers, err)
	}
	l := newLaunch(cfg, providers, nil)
	got := l.LaunchConfig(t.Context())
	if !slices.Equal(got.PaymentProviders, []string{"stripe"}) || !got.PaymentsAnswer || asked.Load() != 1 {
		t.Fatalf("providers %v answering %v, asked %d times", got.PaymentProviders, got.PaymentsAnswer, asked.Load())
	}
	if !got.Production || got.SMSProvider != "log" || got.Backups.On || got.Backups.Operator {
		t.Errorf("launch config %+v", got)
	}
	stripe.Close()
	if !l.LaunchConfig(t.Context()).PaymentsAnswer || asked.Load() != 1 {
		t.Errorf("the provider was asked again within %s", providerCheckEvery)
	}
	l.checked = l.checked.Add(-providerCheckEvery)
	if l.LaunchConfig(t.Context()).PaymentsAnswer {
		t.Errorf("a provider that is gone still counts as answering")
	}
	if none := newLaunch(config{Sandbox: "true"}, providers[1:], nil).LaunchConfig(t.Context()); len(none.PaymentProviders) != 0 || none.PaymentsAnswer {
		t.Errorf("the test page counts as a payment provider: %+v", none)
	}
}
