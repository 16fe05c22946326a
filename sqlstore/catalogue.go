package sqlstore

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"
	"time"

	"haat"
)

// The catalogue's version. The shop's product list (GET /api/product/list) is served from a
// snapshot that must be rebuilt whenever what it shows changes: a product is added, edited,
// archived or restored, switched in or out of stock, or its counted units change as orders take
// them or give them back. All of these, and only these, write the products table, so the rule is
// the table's:
//
//   - In this process, every write to products goes through writeProducts, which has the
//     catalogue version counted up once its operation has committed (Tx.AfterCommit).
//     A list asked for after the change has committed is rebuilt and shows it.
//   - Across processes (several servers on one PostgreSQL, or a change made by hand), the
//     database counts up products.version on every update of a row (a trigger, migration 0024).
//     The store polls the number of products and the sum of their versions every
//     CataloguePoll; a new value is a change made elsewhere, and the version goes up too.
//
// Polling reads committed rows only, so it never sees a change before it can be read, and it
// keeps no row hot: orders that take units of different products never wait for one another,
// as they would if each also updated one shared version row.

// CataloguePoll is how often a store looks for changes of the catalogue made by other processes.
const CataloguePoll = 500 * time.Millisecond

// catalogueWatch is the catalogue version of a store and the poller that keeps it up with other
// processes.
type catalogueWatch struct {
	// commits counts the changes committed through this store, polled those the poller found
	// (its own process's among them: one rebuild too many costs little).
	commits, polled atomic.Uint64
	start           sync.Once // starts the poller, on the first CatalogueVersion
	stop            chan struct{}
	stopped         sync.Once
}

// CatalogueVersion returns a number that goes up after every committed change of the products,
// at once when it is made through this store and within about CataloguePoll when another
// process makes it. It reads no database: the list's snapshot asks it on every request.
func (d *DB) CatalogueVersion() uint64 {
	w := &d.watch
	w.start.Do(func() {
		// The state is read before the first version is answered, so that a change made
		// elsewhere after that counts.
		last, _ := d.catalogueState()
		w.stop = make(chan struct{})
		go d.pollCatalogue(w, last)
	})
	return w.commits.Load() + w.polled.Load()
}

// stopCatalogueWatch ends the poller, if it runs, and keeps it from starting.
func (d *DB) stopCatalogueWatch() {
	w := &d.watch
	w.stopped.Do(func() {
		w.start.Do(func() {})
		if w.stop != nil {
			close(w.stop)
		}
	})
}

// pollCatalogue counts up the version whenever the products' state in the database differs from
// the last one it read, until the store closes.
func (d *DB) pollCatalogue(w *catalogueWatch, last catalogueState) {
	tick := time.NewTicker(CataloguePoll)
	defer tick.Stop()
	for {
		select {
		case <-w.stop:
			return
		case <-tick.C:
		}
		state, err := d.catalogueState()
		if err != nil {
			// The database is away: the list stays as it was until it answers again.
			continue
		}
		if state != last {
			last = state
			w.polled.Add(1)
		}
	}
}

// catalogueState is the number of products and the sum of their versions, and when the store's
// settings (its search's synonyms among them) last changed: every committed change of the
// products table makes it larger, and every change of the settings moves it.
type catalogueState struct{ count, versions, settings int64 }

func (d *DB) catalogueState() (catalogueState, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var s catalogueState
	err := d.db.QueryRowContext(ctx, `SELECT COUNT(*), CAST(COALESCE(SUM(version), 0) AS BIGINT),
		CAST(COALESCE((SELECT MAX(updated_at) FROM store_settings), 0) AS BIGINT) FROM products`).
		Scan(&s.count, &s.versions, &s.settings)
	return s, err
}

// writeProducts runs a statement that changes the products table in tx, and has the catalogue
// version counted up once tx has committed. Every write to products goes through it.
func writeProducts(ctx context.Context, tx *Tx, query string, args ...any) (sql.Result, error) {
	tx.changeCatalogue()
	return tx.ExecContext(ctx, query, args...)
}

// changeCatalogue has the catalogue version counted up once tx has committed: it changes what
// the product list or its search shows.
func (tx *Tx) changeCatalogue() {
	if !tx.changesCatalogue && tx.catalogue != nil {
		tx.changesCatalogue = true
		w := tx.catalogue
		tx.AfterCommit(func() { w.commits.Add(1) })
	}
}

// wholeListAt is the number of products not known to the caller from which ListedProducts reads
// every product rather than those by their ids.
const wholeListAt = 200

// ListedProducts returns the products on sale, newest first, each with its row's version, and
// whole only when known does not hold that version: a list rebuilt after an order took some
// units reads a few rows, not the whole catalogue.
func (d *DB) ListedProducts(ctx context.Context, known func(id string, version int64) bool) ([]haat.ListedProduct, error) {
	return lookup(ctx, d, "listed products", func(tx *Tx) ([]haat.ListedProduct, error) {
		rows, err := tx.QueryContext(ctx, `SELECT id, version FROM products WHERE archived = FALSE ORDER BY created_at DESC, id DESC`)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		list := []haat.ListedProduct{}
		var unknown []string
		for rows.Next() {
			var l haat.ListedProduct
			if err := rows.Scan(&l.ID, &l.Version); err != nil {
				return nil, err
			}
			if !known(l.ID, l.Version) {
				unknown = append(unknown, l.ID)
			}
			list = append(list, l)
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
		rows.Close()
		if len(unknown) == 0 {
			return list, nil
		}
		var w where
		if len(unknown) < wholeListAt {
			w.in(`id`, unknown)
		}
		// The rows read now may be newer than the versions above (PostgreSQL reads each statement
		// as it finds the database): each product comes with the version it was read at.
		found, err := tx.QueryContext(ctx, `SELECT `+productColumns+`, version FROM products`+w.String(), w.args...)
		if err != nil {
			return nil, err
		}
		defer found.Close()
		byID := make(map[string]haat.ListedProduct, len(unknown))
		for found.Next() {
			var l haat.ListedProduct
			p, err := scanProduct(versionScanner{found, &l.Version}, tx.now)
			if err != nil {
				return nil, err
			}
			l.ID, l.Product = p.ID, &p
			byID[p.ID] = l
		}
		if err := found.Err(); err != nil {
			return nil, err
		}
		for i, l := range list {
			if whole, ok := byID[l.ID]; ok && (whole.Version != l.Version || !known(l.ID, l.Version)) {
				list[i] = whole
			}
		}
		return list, nil
	})
}

// versionScanner reads a product's row followed by its version.
type versionScanner struct {
	rows    *sql.Rows
	version *int64
}

func (s versionScanner) Scan(dest ...any) error { return s.rows.Scan(append(dest, s.version)...) }
