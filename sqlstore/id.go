package sqlstore

import (
	"crypto/rand"
	"encoding/binary"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"
)

// ids makes the store's ids (products, users, addresses, orders, payment attempts, whose ids
// are also the payment references sent to eSewa and the test payment page). Each is a ULID:
// 48 bits of milliseconds, then 80 bits drawn from crypto/rand, so that nobody who has seen
// some ids can work out another. Ids made later sort higher: within one millisecond the next
// id is the previous one plus a random step of up to 63 bits (still unguessable), and when
// that would overflow, or the clock steps back, the id moves on to the next millisecond.
var ids struct {
	sync.Mutex
	last ulid.ULID
}

// newID returns a new opaque, time-ordered, unpredictable id.
func newID() string { return nextID(time.Now()).String() }

func nextID(now time.Time) ulid.ULID {
	ids.Lock()
	defer ids.Unlock()
	ms := ulid.Timestamp(now)
	if last := ids.last.Time(); ms < last {
		ms = last
	}
	var id ulid.ULID
	if ms == ids.last.Time() {
		hi := binary.BigEndian.Uint16(ids.last[6:8])
		lo := binary.BigEndian.Uint64(ids.last[8:])
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			panic(err) // crypto/rand never fails on supported systems
		}
		step := binary.BigEndian.Uint64(b[:])>>1 | 1 // 1 ≤ step < 2^63
		newLo, newHi := lo+step, hi
		if newLo < lo {
			newHi++
		}
		if newHi >= hi { // the 80 bits did not overflow
			id = ids.last
			binary.BigEndian.PutUint16(id[6:8], newHi)
			binary.BigEndian.PutUint64(id[8:], newLo)
			ids.last = id
			return id
		}
		ms++
	}
	id = ulid.MustNew(ms, rand.Reader)
	ids.last = id
	return id
}
