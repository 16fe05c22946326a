package main

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"haat"
	"haat/images"
	"haat/sqlstore"
)

// openTestStore opens a store's database and photos in a folder of the test's, closed when it ends.
func openTestStore(t *testing.T) (*sqlstore.DB, *images.Store) {
	dir := t.TempDir()
	db, err := sqlstore.Open(t.Context(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	imgs, err := images.Open(t.Context(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { imgs.Close() })
	return db, imgs
}

// TestKeepHouse: a photo left over by a product save that failed goes an hour later; the photo
// of a product stays.
func TestKeepHouse(t *testing.T) {
	db, imgs := openTestStore(t)
	photo := func() string {
		var b bytes.Buffer
		png.Encode(&b, image.NewGray(image.Rect(0, 0, 300, 200)))
		url, err := imgs.Save(t.Context(), &b)
		if err != nil {
			t.Fatal(err)
		}
		return url
	}
	shown, orphan := photo(), photo()
	p := &haat.Product{Name: "Jumla Red Rice", Category: "Grains", Price: 32000, OfferPrice: 29500, StockOn: true,
		Image: []string{shown}, Description: []string{"Hill-grown"}}
	if err := db.CreateProduct(t.Context(), p); err != nil {
		t.Fatal(err)
	}
	served := func(url string) int {
		rec := httptest.NewRecorder()
		imgs.ServeHTTP(rec, httptest.NewRequest("GET", url, nil))
		return rec.Code
	}
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	if err := keepHouse(t.Context(), db, imgs, logger); err != nil {
		t.Fatal(err)
	}
	if served(orphan) != http.StatusOK {
		t.Fatal("a photo saved a moment ago was removed")
	}
	db.Now = func() time.Time { return time.Now().Add(photoGrace + time.Minute) }
	if err := keepHouse(t.Context(), db, imgs, logger); err != nil {
		t.Fatal(err)
	}
	if served(orphan) != http.StatusNotFound || served(shown) != http.StatusOK {
		t.Fatalf("after an hour: the orphan answers %d, the product's photo %d", served(orphan), served(shown))
	}
	if !strings.Contains(logs.String(), "msg=housekeeping") || !strings.Contains(logs.String(), "photos=1") {
		t.Fatalf("log: %s", logs.String())
	}
}

// TestHousekeepingRuns: the loop keeps house without waiting a whole interval first, and again
// each interval, until it is stopped.
func TestHousekeepingRuns(t *testing.T) {
	db, imgs := openTestStore(t)
	var logs syncBuffer
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() {
		housekeep(ctx, db, imgs, slog.New(slog.NewTextHandler(&logs, nil)), 20*time.Millisecond)
		close(done)
	}()
	for i := 0; strings.Count(logs.String(), "msg=housekeeping") < 3; i++ {
		if i == 100 {
			t.Fatalf("housekeeping ran %d times in 5 s", strings.Count(logs.String(), "msg=housekeeping"))
		}
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	<-done
}
