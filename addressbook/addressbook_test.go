package addressbook_test

import (
	"testing"

	"haat"
	"haat/addressbook"
)

func TestDefaultAddress(t *testing.T) {
	a, b, c := haat.Address{ID: "a"}, haat.Address{ID: "b"}, haat.Address{ID: "c"}
	if got := addressbook.Default(nil); got != nil {
		t.Fatalf("no addresses: %v", got)
	}
	if got := addressbook.Default([]haat.Address{a, b, c}); got == nil || got.ID != "a" {
		t.Fatalf("none chosen: %v, want the first", got)
	}
	b.Default = true
	if got := addressbook.Default([]haat.Address{a, b, c}); got == nil || got.ID != "b" {
		t.Fatalf("b chosen: %v", got)
	}
}
