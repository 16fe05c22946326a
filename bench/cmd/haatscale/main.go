// Command haatscale makes a grocer's store to measure the store on: by default 20,000 products,
// 200,000 shoppers and 1,000,000 orders over three years, on SQLite in a folder or in a new
// PostgreSQL database.
//
//	go run ./bench/cmd/haatscale -db sqlite -dir /tmp/haat-scale
//	go run ./bench/cmd/haatscale -db postgres -postgres postgres://postgres@127.0.0.1:5432/haat_scale?sslmode=disable
//
// With -measure, it measures the store made before instead: bin/haat's start-up on it, and the
// time each route of the seller's pages, My Orders and search takes (see measure).
//
//	go run ./bench/cmd/haatscale -measure -bin bin/haat -db sqlite -dir /tmp/haat-scale
//
// The store is then served as any other: HAAT_DATA_DIR=DIR (SQLite) or HAAT_DATABASE_URL=URL,
// with HAAT_CURRENCY=NPR. The owner signs in as scale.OwnerEmail, every shopper with
// scale.ShopperPassword.
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"haat"
	"haat/bench/scale"
)

func main() {
	o := scale.Defaults()
	o.Log = os.Stderr
	dialect := flag.String("db", "sqlite", "sqlite or postgres")
	dir := flag.String("dir", "", "the folder of the SQLite store (made; must not hold a store)")
	pg := flag.String("postgres", "", "the URL of an empty PostgreSQL database")
	flag.IntVar(&o.Products, "products", o.Products, "products in the catalogue")
	flag.IntVar(&o.Shoppers, "shoppers", o.Shoppers, "shoppers signed up")
	flag.IntVar(&o.Orders, "orders", o.Orders, "orders placed")
	flag.IntVar(&o.Heavy, "heavy", o.Heavy, "shoppers with -heavy-orders orders each")
	flag.IntVar(&o.HeavyOrders, "heavy-orders", o.HeavyOrders, "orders of each heavy shopper")
	flag.Float64Var(&o.Years, "years", o.Years, "years the orders go back")
	flag.Float64Var(&o.Growth, "growth", o.Growth, "how many times as many orders a day the last day brings as the first")
	zone := flag.String("time-zone", haat.DefaultTimeZone, "the store's time zone, as HAAT_TIME_ZONE")
	measuring := flag.Bool("measure", false, "measure the store made before instead of making one")
	bin := flag.String("bin", "bin/haat", "with -measure: the haat binary to serve the store with")
	requests := flag.Int("requests", 200, "with -measure: requests to each route (fewer to the heaviest)")
	starts := flag.Int("starts", 5, "with -measure: how many times to time the start-up")
	only := flag.String("routes", "", "with -measure: only the routes whose name matches this regular expression")
	flag.Parse()
	var err error
	if *measuring {
		data := *dir
		if data == "" {
			// A PostgreSQL store's server still keeps its uploads in a data folder: a temporary one.
			if data, err = os.MkdirTemp("", "haatscale"); err != nil {
				fatal(err)
			}
		}
		if haat.StoreZone, err = time.LoadLocation(*zone); err == nil {
			err = measure(*bin, data, *pg, *requests, *starts, regexp.MustCompile(*only))
		}
		if *dir == "" {
			os.RemoveAll(data)
		}
	} else {
		err = run(*dialect, *dir, *pg, *zone, o)
	}
	if err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "haatscale:", err)
	os.Exit(1)
}

func run(dialect, dir, pg, zone string, o scale.Options) error {
	var err error
	if haat.StoreZone, err = time.LoadLocation(zone); err != nil {
		return err
	}
	switch {
	case dialect == "sqlite" && dir != "":
		if _, err := os.Stat(filepath.Join(dir, "haat.db")); err == nil {
			return fmt.Errorf("%s holds a store already", dir)
		}
		pg = ""
	case dialect == "postgres" && pg != "":
		if dir == "" {
			if dir, err = os.MkdirTemp("", "haatscale"); err != nil {
				return err
			}
			defer os.RemoveAll(dir)
		}
	default:
		return fmt.Errorf("-db sqlite needs -dir, -db postgres needs -postgres")
	}
	rep, err := scale.Build(context.Background(), pg, dir, o)
	if err != nil {
		return err
	}
	size, err := storeSize(pg, dir)
	if err != nil {
		return err
	}
	fmt.Printf("%s store: %d products, %d shoppers (%d addresses), %d orders (%d items, %d steps, %d online payments) in %s; %.2f GB\n",
		dialect, rep.Products, rep.Shoppers, rep.Addresses, rep.Orders, rep.Items, rep.Events, rep.Payments,
		rep.Took.Round(time.Second), float64(size)/1e9)
	fmt.Printf("owner: %s / %q; a shopper with %d orders: %s / %q\n", scale.OwnerEmail, scale.OwnerPassword,
		o.HeavyOrders, rep.HeavyShopper, scale.ShopperPassword)
	return nil
}

// storeSize is the size of the store on disk: its database file, or its PostgreSQL database.
func storeSize(pg, dir string) (int64, error) {
	if pg == "" {
		fi, err := os.Stat(filepath.Join(dir, "haat.db"))
		if err != nil {
			return 0, err
		}
		return fi.Size(), nil
	}
	db, err := sql.Open("pgx", pg)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	var n int64
	err = db.QueryRow(`SELECT pg_database_size(current_database())`).Scan(&n)
	return n, err
}
