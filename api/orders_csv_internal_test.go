package api

import (
	"testing"

	"haat"
)

func TestFixed(t *testing.T) {
	for m, want := range map[haat.Money]string{0: "0.00", 5: "0.05", 60180: "601.80", 100: "1.00", -250: "-2.50"} {
		if got := fixed(m); got != want {
			t.Errorf("%d: %q, want %q", int64(m), got, want)
		}
	}
}
