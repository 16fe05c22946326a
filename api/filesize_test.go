package api_test

import (
	"testing"

	"haat/internal/filesize"
)

// maxFileLines is the most lines a Go file of the package may have: past it, a file holds more
// than one thing and is split by what each part holds.
const maxFileLines = 350

// TestFileSize keeps every Go file of the package, its tests' too, within maxFileLines.
func TestFileSize(t *testing.T) { filesize.Check(t, "api", maxFileLines) }
