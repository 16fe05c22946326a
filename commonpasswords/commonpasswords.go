// Package commonpasswords is the list of the 10,000 most common passwords, which nobody may choose
// (haat.ValidatePassword): an attacker tries these first. It imports nothing of the store, so that
// the domain may use it.
package commonpasswords

import (
	_ "embed"
	"strings"
	"sync"
)

// list is the 10,000 most common passwords, in lower case; its first lines say where it comes
// from.
//
//go:embed commonpasswords.txt
var list string

// set is list as a set, built on its first use.
var set = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 10000)
	for line := range strings.Lines(list) {
		if line = strings.TrimRight(line, "\r\n"); line != "" && !strings.HasPrefix(line, "#") {
			set[line] = struct{}{}
		}
	}
	return set
})

// Contains says whether a password is one of the 10,000 most common, whatever its case and the
// spaces around it.
func Contains(password string) bool {
	_, common := set()[strings.ToLower(strings.TrimSpace(password))]
	return common
}
