package api

import (
	"regexp"
	"testing"
)

// TestNewRequestIDs: ids are 16 hex digits, and no two alike, also across the reads of random
// bytes they are taken from.
func TestNewRequestIDs(t *testing.T) {
	hex16 := regexp.MustCompile(`^[0-9a-f]{16}$`)
	seen := map[string]bool{}
	for range 10 * len(randomBits{}.b) / 8 {
		id := newRequestID()
		if !hex16.MatchString(id) || seen[id] {
			t.Fatalf("id %q (seen before: %v)", id, seen[id])
		}
		seen[id] = true
	}
}
