// Package filesize holds the Go files of a package to a number of lines: past it, a file holds
// more than one thing and is split by what each part holds. A package's test calls Check.
package filesize

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// Check fails t for every Go file of the folder the test runs in (its package's, tests included)
// with more than most lines; pkg names the package in the failure.
func Check(t testing.TB, pkg string, most int) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(b, []byte("\n")); n > most {
			t.Errorf("%s/%s has %d lines, more than %d: split it by what its parts hold", pkg, name, n, most)
		}
	}
}
