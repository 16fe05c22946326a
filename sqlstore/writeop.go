package sqlstore

// The operations of the writer's batches (see writer.go): each in a savepoint of its own, run with
// its panic caught, failed together when the batch cannot be written.

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
)

// isSavepoint reports whether query is one of the writer's savepoint statements.
func isSavepoint(query string) bool { return query == `RELEASE op` || query == `SAVEPOINT op` }

// openSavepoint opens the savepoint of the operation t, releasing the one before when there is one.
func openSavepoint(t *Tx, release bool) error {
	if t.pipeline() != nil {
		if release {
			t.send(t.shared.ctx, `RELEASE op`)
		}
		return t.send(t.shared.ctx, `SAVEPOINT op`)
	}
	open := `SAVEPOINT op`
	if release {
		open = `RELEASE op; SAVEPOINT op`
	}
	_, err := t.Tx.ExecContext(t.shared.ctx, open)
	return err
}

// call runs fn, turning a panic into the value it panicked with.
func call(fn func(*Tx) error, t *Tx) (err error, panicked any) {
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	return fn(t), nil
}

// failAll gives every operation of the batch err.
func failAll(batch []*writeOp, err error) {
	for _, op := range batch {
		op.err, op.panic, op.after = err, nil, nil
	}
}

// isDeadlock reports whether err is PostgreSQL's refusal of a statement that would have waited
// for ever on another transaction (another server's writer) waiting for this one.
func isDeadlock(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == "40P01" || pgErr.Code == "40001")
}
