package images

import (
	"bytes"
	"context"
	"image"
	"testing"
)

// HoldTurns takes n decode turns of one slot's share each, as n photos being decoded would, and
// returns the function that ends them.
func (s *Store) HoldTurns(t testing.TB, n int) (end func()) {
	t.Helper()
	s.once.Do(s.init)
	var ends []func()
	for range n {
		e, err := s.turn(context.Background(), 0)
		if err != nil {
			t.Fatalf("hold turn: %v", err)
		}
		ends = append(ends, e)
	}
	return func() {
		for _, e := range ends {
			e()
		}
		ends = nil
	}
}

// Cost is the memory that decoding data is estimated to hold, read from its header.
func Cost(t testing.TB, data []byte) int64 {
	t.Helper()
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return readHeader(data, format, cfg).cost()
}
