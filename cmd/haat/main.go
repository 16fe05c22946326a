// Command haat runs the Haat grocery store: `haat serve` starts the store, `haat migrate`
// brings the database schema up to date, `haat seller add EMAIL` adds a seller account.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"haat"
	"haat/api"
	"haat/catalogue"
	"haat/checkout"
	"haat/images"
	"haat/payment"
	"haat/sqlstore"
	"haat/web"
)

const usage = `haat: the Haat grocery store

Usage:
  haat serve [flags]          run the store (see haat serve -h)
  haat migrate [flags]        apply database migrations and exit
  haat seller add EMAIL       add a seller or set their password (read from stdin); ends their sessions
  haat backup FILE            write a consistent copy of the SQLite database to FILE

Every flag also reads an environment variable: HAAT_ADDR, HAAT_DATA_DIR, HAAT_DATABASE_URL,
HAAT_BLOB_URL, HAAT_PUBLIC_URL, HAAT_CURRENCY, HAAT_SELLER_EMAIL, HAAT_SELLER_PASSWORD,
HAAT_CLIENT_IP_HEADER, HAAT_ENV, HAAT_PAYMENT_SANDBOX, and the payment providers' keys
(HAAT_STRIPE_*, HAAT_ESEWA_*, HAAT_KHALTI_*; see the README).
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "haat:", err)
		os.Exit(1)
	}
}

// config is everything haat reads from flags and HAAT_* environment variables.
type config struct {
	Addr           string
	DataDir        string
	DatabaseURL    string
	BlobURL        string
	PublicURL      string
	Currency       string
	SellerEmail    string
	SellerPassword string
	ClientIPHeader string
	// Env is "production" on a live store: it refuses the payment sandbox.
	Env string
	// Sandbox is auto (the sandbox on a development machine listening on a loopback address, when
	// no real provider is configured), true or false.
	Sandbox string
	Pay     paymentConfig
}

// flags defines the configuration flags on fs, each defaulting to its environment variable.
func (c *config) flags(fs *flag.FlagSet) {
	env := func(name, def string) string {
		if v, ok := os.LookupEnv(name); ok && v != "" {
			return v
		}
		return def
	}
	fs.StringVar(&c.Addr, "addr", env("HAAT_ADDR", "127.0.0.1:8080"), "listen address (HAAT_ADDR)")
	fs.StringVar(&c.DataDir, "data-dir", env("HAAT_DATA_DIR", "./data"), "folder for the SQLite database and uploads (HAAT_DATA_DIR)")
	fs.StringVar(&c.DatabaseURL, "database-url", env("HAAT_DATABASE_URL", ""), "postgres://… URL; empty means SQLite in the data dir (HAAT_DATABASE_URL)")
	fs.StringVar(&c.BlobURL, "blob-url", env("HAAT_BLOB_URL", ""), "gocloud.dev/blob URL for images; empty means a folder in the data dir (HAAT_BLOB_URL)")
	fs.StringVar(&c.PublicURL, "public-url", env("HAAT_PUBLIC_URL", ""), "public address of the store, e.g. https://haat.example.com (HAAT_PUBLIC_URL)")
	fs.StringVar(&c.Currency, "currency", env("HAAT_CURRENCY", "USD"), "store currency: USD or NPR (HAAT_CURRENCY)")
	fs.StringVar(&c.SellerEmail, "seller-email", env("HAAT_SELLER_EMAIL", ""), "seller account created or updated at start-up (HAAT_SELLER_EMAIL)")
	fs.StringVar(&c.ClientIPHeader, "client-ip-header", env("HAAT_CLIENT_IP_HEADER", ""), "header in which a trusted reverse proxy passes the client address, e.g. X-Forwarded-For (HAAT_CLIENT_IP_HEADER)")
	fs.StringVar(&c.Env, "env", env("HAAT_ENV", "development"), "development or production; production refuses the payment sandbox (HAAT_ENV)")
	fs.StringVar(&c.Sandbox, "payment-sandbox", env("HAAT_PAYMENT_SANDBOX", "auto"), "built-in test payment page: auto (outside production, on a loopback address, when no provider is configured), true or false (HAAT_PAYMENT_SANDBOX)")
	c.SellerPassword = env("HAAT_SELLER_PASSWORD", "")
	c.Pay.read(env)
}

func (c *config) validate() error {
	c.Currency = strings.ToUpper(strings.TrimSpace(c.Currency))
	if c.Currency != "USD" && c.Currency != "NPR" {
		return fmt.Errorf("HAAT_CURRENCY must be USD or NPR, not %q", c.Currency)
	}
	if (c.SellerEmail == "") != (c.SellerPassword == "") {
		return errors.New("set both HAAT_SELLER_EMAIL and HAAT_SELLER_PASSWORD, or neither")
	}
	c.PublicURL = strings.TrimRight(c.PublicURL, "/")
	if c.Env != "development" && c.Env != "production" {
		return fmt.Errorf("HAAT_ENV must be development or production, not %q", c.Env)
	}
	if c.Sandbox != "auto" && c.Sandbox != "true" && c.Sandbox != "false" {
		return fmt.Errorf("HAAT_PAYMENT_SANDBOX must be auto, true or false, not %q", c.Sandbox)
	}
	return nil
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("missing command")
	}
	var cfg config
	fs := flag.NewFlagSet("haat "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg.flags(fs)
	switch args[0] {
	case "serve":
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		return serve(ctx, cfg, stderr)
	case "migrate":
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		db, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
		if err != nil {
			return err
		}
		defer db.Close()
		fmt.Fprintf(stdout, "migrations applied (%s)\n", db.Dialect())
		return nil
	case "seller":
		if len(args) < 3 || args[1] != "add" {
			return errors.New("usage: haat seller add EMAIL (password on stdin)")
		}
		if err := fs.Parse(args[3:]); err != nil {
			return err
		}
		password, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("read password: %w", err)
		}
		db, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
		if err != nil {
			return err
		}
		defer db.Close()
		if err := db.UpsertSeller(ctx, args[2], strings.TrimRight(password, "\r\n")); err != nil {
			return errors.New(errorText(err))
		}
		// Setting a password signs the seller out everywhere, even when it is the one they had.
		if err := db.EndSellerSessions(ctx, args[2]); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "seller %s saved and signed out everywhere\n", strings.TrimSpace(args[2]))
		return nil
	case "backup":
		if len(args) < 2 || strings.HasPrefix(args[1], "-") {
			return errors.New("usage: haat backup FILE")
		}
		if err := fs.Parse(args[2:]); err != nil {
			return err
		}
		db, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
		if err != nil {
			return err
		}
		defer db.Close()
		if err := db.Backup(ctx, args[1]); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "backup written to %s\n", args[1])
		return nil
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}

// errorText returns the user-facing message of an application error, or the error itself.
func errorText(err error) string {
	if haat.ErrorCode(err) != haat.EINTERNAL {
		return haat.ErrorMessage(err)
	}
	return err.Error()
}

func serve(ctx context.Context, cfg config, stderr io.Writer) error {
	if err := cfg.validate(); err != nil {
		return err
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	db, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return err
	}
	defer db.Close()
	if cfg.SellerEmail != "" {
		if err := db.UpsertSeller(ctx, cfg.SellerEmail, cfg.SellerPassword); err != nil {
			return fmt.Errorf("seller from HAAT_SELLER_EMAIL: %s", errorText(err))
		}
	}
	products, err := catalogue.Products(cfg.Currency)
	if err != nil {
		return err
	}
	if seeded, err := db.SeedCatalogue(ctx, products); err != nil {
		return err
	} else if seeded {
		logger.Info("demo catalogue seeded", "products", len(products))
	}
	imgs, err := images.Open(ctx, cfg.BlobURL, cfg.DataDir)
	if err != nil {
		return err
	}
	defer imgs.Close()

	providers, err := cfg.providers()
	if err != nil {
		return err
	}
	var payments *payment.Service
	if len(providers) > 0 {
		payments = &payment.Service{Store: db, Providers: providers, PublicURL: cfg.PublicURL, Currency: cfg.Currency, Logger: logger}
		for _, m := range payments.Methods() {
			logger.Info("online payment", "provider", m.ID, "label", m.Label)
		}
		if cfg.PublicURL == "" {
			logger.Warn("online payment is on without HAAT_PUBLIC_URL: payment return links use the address each request reached the store at; " +
				"set HAAT_PUBLIC_URL to the store's public address (and HAAT_CLIENT_IP_HEADER behind a reverse proxy)")
		}
		go payments.Run(ctx, time.Minute, reconcileAfter)
	} else {
		logger.Warn("no payment provider configured: the store takes cash on delivery only")
	}

	srv := &api.Server{
		Users: db, Sellers: db, Sessions: db, Limiter: db, Products: db, Addresses: db, Orders: db,
		Checkout: &checkout.Service{Orders: db, Payments: payments}, Images: imgs, Currency: cfg.Currency, PublicURL: cfg.PublicURL, ClientIPHeader: cfg.ClientIPHeader, Web: web.App(),
		Health: db.Ping, Logger: logger, Payments: payments,
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	httpServer := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	logger.Info("haat listening", "addr", "http://"+ln.Addr().String(), "database", db.Dialect(), "currency", cfg.Currency)
	errc := make(chan error, 1)
	go func() { errc <- httpServer.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return httpServer.Shutdown(shutdownCtx)
}
