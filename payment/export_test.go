package payment

import "time"

// SetBackoff sets the wait before a lost socket's first redial, before any socket of s opens.
func SetBackoff(s *Sockets, d time.Duration) { s.backoff = d }
