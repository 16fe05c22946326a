package payment

import "time"

// SetBackoff sets the wait before a lost socket's first redial, before any socket of s opens.
func SetBackoff(s *Sockets, d time.Duration) { s.backoff = d }

// OpenSockets is the number of sockets holding a place under the bound: a socket gives its place
// back last of all, after its payment is settled and its connection closed.
func OpenSockets(s *Sockets) int { return len(s.slots) }
