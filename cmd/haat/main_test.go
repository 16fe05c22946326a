package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"haat/sqlstore"
)

func TestSellerAddAndMigrate(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"migrate", "-data-dir", dir}, nil, &out, &errOut); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	if !strings.Contains(out.String(), "migrations applied (sqlite)") {
		t.Fatalf("migrate said %q", out.String())
	}
	err := run(context.Background(), []string{"seller", "add", "owner@haat.example", "-data-dir", dir},
		strings.NewReader("a long password\n"), &out, &errOut)
	if err != nil {
		t.Fatalf("seller add: %v", err)
	}
	err = run(context.Background(), []string{"seller", "add", "owner@haat.example", "-data-dir", dir},
		strings.NewReader("short\n"), &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "at least 8 characters") {
		t.Fatalf("short password: %v", err)
	}
	db, err := sqlstore.Open(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.AuthenticateSeller(context.Background(), "owner@haat.example", "a long password"); err != nil {
		t.Fatalf("seller cannot log in: %v", err)
	}

	// A backup is a database of its own with the same accounts.
	backup := filepath.Join(t.TempDir(), "copy.db")
	if err := run(context.Background(), []string{"backup", backup, "-data-dir", dir}, nil, &out, &errOut); err != nil {
		t.Fatalf("backup: %v", err)
	}
	if err := run(context.Background(), []string{"backup", backup, "-data-dir", dir}, nil, &out, &errOut); err == nil {
		t.Fatal("backup overwrote a file")
	}
	copyDB, err := sqlstore.Open(context.Background(), "sqlite:"+backup, "")
	if err != nil {
		t.Fatal(err)
	}
	defer copyDB.Close()
	if _, err := copyDB.AuthenticateSeller(context.Background(), "owner@haat.example", "a long password"); err != nil {
		t.Fatalf("seller missing from the backup: %v", err)
	}
}

func TestBadConfiguration(t *testing.T) {
	var out bytes.Buffer
	for _, args := range [][]string{
		{"serve", "-currency", "EUR", "-data-dir", t.TempDir()},
		{"serve", "-seller-email", "a@b.example", "-data-dir", t.TempDir()},
		{"nonsense"},
		{},
	} {
		if err := run(context.Background(), args, nil, &out, &out); err == nil {
			t.Errorf("haat %v started", args)
		}
	}
}

func TestServeShutsDownGracefully(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	var logs bytes.Buffer
	go func() {
		done <- run(ctx, []string{"serve", "-addr", addr, "-data-dir", t.TempDir()}, nil, &logs, &logs)
	}()
	var res *http.Response
	for range 100 {
		if res, err = http.Get("http://" + addr + "/api/product/list"); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("store did not answer: %v", err)
	}
	res.Body.Close()
	cancel() // what SIGTERM does
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
	for _, want := range []string{"demo catalogue seeded", "haat listening", "shutting down", "path=/api/product/list"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q", want)
		}
	}
}
