package images_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestRemoveUnused: photos no product or order shows, stored before the moment given, are removed
// with every size of them; photos in use, photos newer than that moment and files the store did
// not make stay.
func TestRemoveUnused(t *testing.T) {
	s, dir := open(t)
	save := func() string {
		t.Helper()
		url, err := s.Save(ctx, bytes.NewReader(encoded(t, "png", picture(900, 700, 255))))
		if err != nil {
			t.Fatal(err)
		}
		return url
	}
	kept, orphan := save(), save()
	foreign := filepath.Join(dir, "uploads", "notes.txt")
	if err := os.WriteFile(foreign, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := func() []string {
		entries, _ := os.ReadDir(filepath.Join(dir, "uploads"))
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	id := func(url string) string { return strings.TrimSuffix(filepath.Base(url), ".png") }
	count := func(url string) int {
		return len(slices.DeleteFunc(files(), func(n string) bool { return !strings.HasPrefix(n, id(url)) }))
	}
	if count(orphan) < 2 {
		t.Fatalf("a photo is stored in several sizes: %v", files())
	}
	inUse := map[string]bool{kept: true}

	// Saved after the moment given: maybe being saved with its product right now.
	if n, err := s.RemoveUnused(ctx, inUse, time.Now().Add(-time.Hour)); err != nil || n != 0 {
		t.Fatalf("removed %d, %v", n, err)
	}
	n, err := s.RemoveUnused(ctx, inUse, time.Now().Add(time.Second))
	if err != nil || n != 1 {
		t.Fatalf("removed %d, %v", n, err)
	}
	if count(orphan) != 0 || count(kept) < 2 || !slices.Contains(files(), "notes.txt") {
		t.Fatalf("left: %v", files())
	}
}
