package sqlstore_test

import (
	"testing"

	"haat/internal/filesize"
)

// maxFileLines is the most lines a Go file of the package may have: past it, a file holds more
// than one thing (placing, changing, reading and searching orders are four) and is split by what
// each part holds.
const maxFileLines = 520

// TestFileSize keeps every Go file of the package, its tests' too, within maxFileLines.
func TestFileSize(t *testing.T) { filesize.Check(t, "sqlstore", maxFileLines) }
