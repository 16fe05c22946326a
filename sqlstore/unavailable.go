package sqlstore

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"haat"
)

// ErrUnavailable is the refusal of a request while the database cannot take it: PostgreSQL
// restarting or out of reach, or SQLite's disk full. Nothing of the request was kept, and the
// same request sent again a moment later may well succeed (Retry-After).
var ErrUnavailable = haat.Errorf(haat.EUNAVAILABLE, "The store is busy for a moment. Please try again.").RetryIn(2 * time.Second)

// unavailable returns err as ErrUnavailable, with err kept for the log, when it says that the
// database cannot be reached or cannot write for now; any other error is returned as it is.
func unavailable(err error) error {
	if err == nil || haat.ErrorCode(err) != haat.EINTERNAL || !unreachable(err) {
		return err
	}
	return fmt.Errorf("%w (%w)", ErrUnavailable, err)
}

// unreachable reports whether err is the database out of reach or unable to write for now,
// rather than a fault of the statement: what a moment's wait may cure.
func unreachable(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch {
		case strings.HasPrefix(pgErr.Code, "08"): // connection exception
			return true
		case pgErr.Code == "57P01", pgErr.Code == "57P02", pgErr.Code == "57P03": // shutting down, crashed, starting up
			return true
		case pgErr.Code == "53300": // too many connections
			return true
		}
		return false
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		switch liteErr.Code() & 0xff { // the primary code of an extended one
		case sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR:
			return true
		}
		return false
	}
	var connectErr *pgconn.ConnectError
	var netErr net.Error
	return errors.As(err, &connectErr) || errors.As(err, &netErr) ||
		errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) || errors.Is(err, pgconn.ErrConnClosed) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, syscall.ENOSPC)
}
