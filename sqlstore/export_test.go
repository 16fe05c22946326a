package sqlstore

import "database/sql"

// SQL gives tests the database underneath, to set up states the services never produce.
func (d *DB) SQL() *sql.DB { return d.db }
