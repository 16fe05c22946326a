package scale

import (
	"bufio"
	"crypto/rand"
	"encoding/binary"
	"io"
	"math"
)

// Draw draws the store's random figures from crypto/rand, as the store draws its ids: a store made
// twice differs, and its ids are as unguessable as a real store's.
type Draw struct{ r *bufio.Reader }

// NewDraw returns a Draw.
func NewDraw() *Draw { return &Draw{r: bufio.NewReaderSize(rand.Reader, 1<<16)} }

// Read reads random bytes (the entropy of the ids).
func (d *Draw) Read(p []byte) (int, error) { return io.ReadFull(d.r, p) }

// Uint64 draws a number.
func (d *Draw) Uint64() uint64 {
	var b [8]byte
	if _, err := io.ReadFull(d.r, b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported systems
	}
	return binary.LittleEndian.Uint64(b[:])
}

// IntN draws a number from 0 to n-1.
func (d *Draw) IntN(n int) int { return int(d.Uint64() % uint64(n)) }

// Int64N draws a number from 0 to n-1.
func (d *Draw) Int64N(n int64) int64 { return int64(d.Uint64() % uint64(n)) }

// Float64 draws a number from 0 up to 1.
func (d *Draw) Float64() float64 { return float64(d.Uint64()>>11) / (1 << 53) }

// ExpFloat64 draws from the exponential distribution of mean 1.
func (d *Draw) ExpFloat64() float64 { return -math.Log(1 - d.Float64()) }
