package api_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// maxFileLines is the most lines a Go file of the package may have: past it, a file holds more
// than one thing and is split by what each part holds.
const maxFileLines = 350

// TestFileSize keeps every Go file of the package, its tests' too, within maxFileLines.
func TestFileSize(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(b, []byte("\n")); n > maxFileLines {
			t.Errorf("api/%s has %d lines, more than %d: split it by what its parts hold", name, n, maxFileLines)
		}
	}
}
