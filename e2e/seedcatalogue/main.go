// Command seedcatalogue fills an empty store's data directory with a large catalogue before the
// store first starts, for the browser tests of a shop with many products: n products made from
// the demo catalogue, each named apart ("Aalu 2", "Aalu 3", …), in the demo catalogue's order.
//
//	go run ./e2e/seedcatalogue -dir DATA_DIR -n 10000 -currency USD
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"haat/catalogue"
	"haat/sqlstore"
)

func main() {
	dir := flag.String("dir", "", "the store's data directory (HAAT_DATA_DIR)")
	n := flag.Int("n", 10000, "how many products")
	currency := flag.String("currency", "USD", "the store's currency (HAAT_CURRENCY)")
	flag.Parse()
	if err := seed(*dir, *n, *currency); err != nil {
		fmt.Fprintln(os.Stderr, "seedcatalogue:", err)
		os.Exit(1)
	}
}

func seed(dir string, n int, currency string) error {
	if dir == "" {
		return fmt.Errorf("-dir is required")
	}
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, "", dir)
	if err != nil {
		return err
	}
	defer db.Close()
	products, err := catalogue.Many(currency, n)
	if err != nil {
		return err
	}
	seeded, err := db.SeedCatalogue(ctx, products)
	if err != nil {
		return err
	}
	if !seeded {
		return fmt.Errorf("%s holds a catalogue already", dir)
	}
	// The store is the demo store, named and promising as it does when it seeds itself.
	_, err = db.SeedStoreSettings(ctx, catalogue.Settings(currency))
	return err
}
