package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
)

// The hot paths' baseline. A hot path's figure is its answers a second divided by those of nginx
// serving the product list as a static file in the same run, on the same machine, at the same
// moment: a machine twice as fast, or one as busy again, moves both. bench/baseline.json keeps the
// figures of the last run written with -write-baseline; every other run compares its own with
// them, and a hot path that fell more than the tolerance below its baseline fails the run.

// hotPaths are the routes measured against the baseline: the product list, as browsers and the
// spec's client ask for it, and a cash order.
var hotPaths = map[string]string{
	"`GET /api/product/list` (gzip): haat":     "product list",
	"`POST /api/order/cod` (a new order each)": "cash order",
}

// tolerance is how far below its baseline a hot path may measure before the run fails: runs of
// one binary on a quiet machine differ by up to a tenth.
const tolerance = 0.25

// baseline is bench/baseline.json: each hot path's figure, by "database, products, path".
type baseline struct {
	Note    string             `json:"note"`
	Commit  string             `json:"commit"`
	Figures map[string]float64 `json:"figures"`
}

// measured collects the run's figures of the hot paths.
type measured map[string]float64

// add records r's figure if it is a hot path's, against nginx's answers a second.
func (m measured) add(dialect string, n int, r result, nginxRPS float64) {
	name, ok := hotPaths[r.route]
	if !ok || nginxRPS <= 0 || r.rps <= 0 || r.errors > 0 {
		return
	}
	m[fmt.Sprintf("%s, %d products, %s", dialect, n, name)] = r.rps / nginxRPS
}

// compare prints the run's figures beside the baseline's and fails when one fell too far.
func (m measured) compare(path string) error {
	b, err := readBaseline(path)
	if errors.Is(err, os.ErrNotExist) {
		fmt.Printf("No baseline in %s: `make bench-baseline` keeps this run's figures as one.\n\n", path)
		return nil
	} else if err != nil {
		return err
	}
	fmt.Printf("## Against the baseline (%s, commit %s)\n\nEach figure is the route's answers a second ÷ nginx's for the product list, in the same run.\n\n", path, b.Commit)
	fmt.Println("| hot path | baseline | this run | change |\n|---|---|---|---|")
	var slower []string
	for _, k := range sortedKeys(m) {
		was, ok := b.Figures[k]
		if !ok {
			fmt.Printf("| %s | | %.4f | no baseline |\n", k, m[k])
			continue
		}
		change := m[k]/was - 1
		fmt.Printf("| %s | %.4f | %.4f | %+.0f%% |\n", k, was, m[k], 100*change)
		if change < -tolerance {
			slower = append(slower, fmt.Sprintf("%s: %.4f against %.4f", k, m[k], was))
		}
	}
	fmt.Println()
	if len(slower) > 0 {
		return fmt.Errorf("slower than the baseline by more than %.0f%%: %s", 100*tolerance, strings.Join(slower, "; "))
	}
	return nil
}

// write keeps the run's figures as the baseline, beside those of paths this run did not measure.
func (m measured) write(path, commit string) error {
	b, err := readBaseline(path)
	if errors.Is(err, os.ErrNotExist) {
		b, err = &baseline{Figures: map[string]float64{}}, nil
	}
	if err != nil {
		return err
	}
	b.Note = "Answers a second of each hot path ÷ nginx's for the product list in the same run (make bench; -write-baseline writes it)."
	b.Commit = commit
	for k, v := range m {
		b.Figures[k] = math.Round(v*1e5) / 1e5
	}
	out, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(out, '\n'), 0o644)
}

func readBaseline(path string) (*baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var b baseline
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &b, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
