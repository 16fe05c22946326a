package sqlstore

import (
	"encoding/binary"
	"go/parser"
	"go/token"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"
)

func entropy(id ulid.ULID) *big.Int { return new(big.Int).SetBytes(id[6:]) }

// TestIDsAreUnpredictable makes ids as fast as it can, so that many share a millisecond, and
// checks that an id says nothing useful about the next: within one millisecond the next id is
// more than 2^32 above the previous one (ulid.Make's math/rand entropy steps by less than
// 2^32, so one id and a few billion guesses found the next shopper's payment reference).
func TestIDsAreUnpredictable(t *testing.T) {
	const n = 20000
	list := make([]ulid.ULID, n)
	for i := range list {
		id, err := ulid.ParseStrict(newID())
		if err != nil {
			t.Fatal(err)
		}
		list[i] = id
	}
	minStep := new(big.Int).Lsh(big.NewInt(1), 32)
	sameMs, small := 0, 0
	for i := 1; i < n; i++ {
		if list[i].Compare(list[i-1]) <= 0 {
			t.Fatalf("id %d (%s) does not sort after the one before (%s)", i, list[i], list[i-1])
		}
		if list[i].Time() != list[i-1].Time() {
			continue
		}
		sameMs++
		if new(big.Int).Sub(entropy(list[i]), entropy(list[i-1])).Cmp(minStep) < 0 {
			small++
		}
	}
	if sameMs < n/10 {
		t.Fatalf("only %d of %d ids shared a millisecond with the one before", sameMs, n)
	}
	if small > 0 {
		t.Fatalf("%d of %d ids within one millisecond were less than 2^32 above the one before", small, sameMs)
	}
}

func TestIDsStayOrderedWhenTheClockStepsBackOrEntropyRunsOut(t *testing.T) {
	now := time.Now()
	a := nextID(now)
	b := nextID(now.Add(-time.Second)) // the clock stepped back
	if b.Compare(a) <= 0 || b.Time() != a.Time() {
		t.Fatalf("after a step back: %s then %s", a, b)
	}
	ids.Lock()
	for i := 6; i < 16; i++ {
		ids.last[i] = 0xff // the largest entropy of this millisecond
	}
	last := ids.last
	ids.Unlock()
	c := nextID(now)
	if c.Compare(last) <= 0 || c.Time() != last.Time()+1 {
		t.Fatalf("after the last id of a millisecond (%s): %s", last, c)
	}
	if binary.BigEndian.Uint64(c[8:]) == 0 && binary.BigEndian.Uint16(c[6:8]) == 0 {
		t.Fatalf("entropy of %s is not random", c)
	}
}

// TestEveryIDComesFromCryptoRand reads the module's code: ids, tokens and payment references are
// made from crypto/rand only, never math/rand or ulid's default (math/rand) entropy.
func TestEveryIDComesFromCryptoRand(t *testing.T) {
	forbidden := []string{"ulid.Make(", "ulid.DefaultEntropy(", "ulid.MustNewDefault(", "ulid.Monotonic("}
	root, _ := filepath.Abs("..")
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || name == "web" || name == "e2e" || strings.HasPrefix(name, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "math/rand" || p == "math/rand/v2" {
				t.Errorf("%s imports %s", rel, p)
			}
		}
		for _, s := range forbidden {
			if strings.Contains(string(src), s) {
				t.Errorf("%s calls %s", rel, s)
			}
		}
		checked++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 20 {
		t.Fatalf("only %d Go files read from %s", checked, root)
	}
}
