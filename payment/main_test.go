package payment_test

import (
	"os"
	"testing"

	"haat/sqlstore/sqlstoretest"
)

// TestMain runs the tests on migrated databases made once and reused (sqlstoretest.Main).
func TestMain(m *testing.M) { os.Exit(sqlstoretest.Main(m)) }
