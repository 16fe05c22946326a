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
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"haat"
	"haat/api"
	"haat/app"
	"haat/catalogue"
	"haat/images"
	"haat/metrics"
	"haat/notify"
	"haat/sqlstore"
	"haat/web"

	// The store keeps photos on disk (file://, the images package's default) or in S3 (s3://,
	// registered here, so only the command carries the AWS client, not every package's tests).
	_ "gocloud.dev/blob/s3blob"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "haat:", err)
		os.Exit(1)
	}
}

// stdio is a command's standard input, output and error (where the store logs).
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// A command is one of haat's subcommands. Each takes the flags of the configuration after its
// arguments.
type command struct {
	name  string   // the words that name it: "seller add"
	args  []string // the arguments after the name, which cannot start with "-"
	about string
	run   func(ctx context.Context, cfg config, args []string, std stdio) error
}

var commands = []command{
	{name: "serve", about: "run the store (see haat serve -h)", run: serve},
	{name: "migrate", about: "apply database migrations and exit", run: migrate},
	{name: "seller add", args: []string{"EMAIL"}, run: sellerAdd,
		about: "add a seller or set their password (read from stdin); ends their sessions"},
	{name: "backup", args: []string{"FILE"}, run: backup,
		about: "write a consistent copy of the SQLite database to FILE"},
}

// synopsis is the command's name and arguments: "seller add EMAIL".
func (c command) synopsis() string { return strings.Join(append([]string{c.name}, c.args...), " ") }

// usage is the text of haat -h: the commands, then the environment variables they read.
func usage() string {
	var b strings.Builder
	b.WriteString("haat: the Haat grocery store\n\nUsage:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-32s%s\n", "haat "+c.synopsis()+" [flags]", c.about)
	}
	b.WriteString("\nEvery flag also reads an environment variable; secrets and the payment providers' endpoints are\n" +
		"read from the environment only (see haat serve -h and the README):\n")
	line := " "
	for _, s := range (&config{}).settings() {
		if len(line)+len(s.env) > 96 {
			b.WriteString(line + "\n")
			line = " "
		}
		line += " " + s.env + ","
	}
	b.WriteString(strings.TrimSuffix(line, ",") + "\n")
	return b.String()
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return errors.New("missing command")
	}
	if slices.Contains([]string{"-h", "-help", "--help", "help"}, args[0]) {
		fmt.Fprint(stdout, usage())
		return nil
	}
	i := slices.IndexFunc(commands, func(c command) bool { return strings.Fields(c.name)[0] == args[0] })
	if i < 0 {
		fmt.Fprint(stderr, usage())
		return fmt.Errorf("unknown command %q", args[0])
	}
	cmd := commands[i]
	cmdArgs, flags, ok := cmd.split(args)
	if !ok {
		return fmt.Errorf("usage: haat %s [flags]: %s", cmd.synopsis(), cmd.about)
	}
	cfg, err := parseConfig(cmd.synopsis(), flags, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return err
	}
	return cmd.run(ctx, cfg, cmdArgs, stdio{stdin, stdout, stderr})
}

// split divides a command line that starts with the command's first word into the command's
// arguments and the flags after them; ok is false when the line does not follow the synopsis.
func (c command) split(line []string) (args, flags []string, ok bool) {
	name := strings.Fields(c.name)
	n := len(name) + len(c.args)
	if len(line) < n || !slices.Equal(line[:len(name)], name) {
		return nil, nil, false
	}
	args = line[len(name):n]
	return args, line[n:], !slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "-") })
}

// migrate brings the database schema up to date.
func migrate(ctx context.Context, cfg config, _ []string, std stdio) error {
	db, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return err
	}
	defer db.Close()
	fmt.Fprintf(std.out, "migrations applied (%s)\n", db.Dialect())
	return nil
}

// sellerAdd creates the seller account args[0] or sets its password, read from the first line of
// standard input. Setting a password signs the seller out everywhere, even when it is the one
// they had.
func sellerAdd(ctx context.Context, cfg config, args []string, std stdio) error {
	email := args[0]
	password, err := bufio.NewReader(std.in).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("read password: %w", err)
	}
	db, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.UpsertSeller(ctx, email, strings.TrimRight(password, "\r\n")); err != nil {
		return errors.New(errorText(err))
	}
	if err := db.EndSellerSessions(ctx, email); err != nil {
		return err
	}
	fmt.Fprintf(std.out, "seller %s saved and signed out everywhere\n", strings.TrimSpace(email))
	return nil
}

// backup writes a consistent copy of the SQLite database to the new file args[0].
func backup(ctx context.Context, cfg config, args []string, std stdio) error {
	db, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Backup(ctx, args[0]); err != nil {
		return err
	}
	fmt.Fprintf(std.out, "backup written to %s\n", args[0])
	return nil
}

// errorText returns the user-facing message of an application error, or the error itself.
func errorText(err error) string {
	if haat.ErrorCode(err) != haat.EINTERNAL {
		return haat.ErrorMessage(err)
	}
	return err.Error()
}

// serve runs the store until ctx is done. It refuses a bad configuration before it touches the
// database. Its address answers from the start: while the store opens (migrations, seeding) with
// api.Starting, then with the store. When ctx is done (SIGTERM, Ctrl-C) /readyz answers 503, and
// after HAAT_DRAIN_DELAY the server stops taking connections, lets the requests under way finish
// (up to 10 s), stops the background loops and closes the store.
func serve(ctx context.Context, cfg config, _ []string, std stdio) error {
	if err := cfg.validate(); err != nil {
		return err
	}
	providers, err := cfg.providers()
	if err != nil {
		return err
	}
	// The store's days (the dashboard's today, the seller's order filters and exports) are those
	// of HAAT_TIME_ZONE, set once before anything reads it.
	if haat.StoreZone, err = time.LoadLocation(cfg.TimeZone); err != nil {
		return err
	}
	logger, requestLines, closeLogs := newLoggers(std.err)
	defer closeLogs()
	sender, showCode, err := cfg.smsSender(logger)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	handler := &switchHandler{}
	handler.set(api.Starting())
	httpServer := newHTTPServer(handler, logger)
	served := make(chan error, 1)
	go func() { served <- httpServer.Serve(ln) }()
	defer httpServer.Close() // a start that failed; after a shutdown, closes nothing more
	addr := "http://" + ln.Addr().String()
	logger.Info("haat starting", "addr", addr, "mode", cfg.Env)
	if cfg.development() {
		logger.Warn("development mode (HAAT_ENV=development): sign-in codes on screen, the test payment page by default, " +
			"no per-address limits for this machine; never run a live store so")
	}

	db, err := openStore(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer db.Close()
	imgs, err := images.Open(ctx, cfg.BlobURL, cfg.DataDir)
	if err != nil {
		return err
	}
	defer imgs.Close()
	// The background loops end with ctx; the store closes after they have.
	var loops sync.WaitGroup
	defer loops.Wait()
	counts := metrics.New()
	payments := newPayments(ctx, cfg, providers, db, logger)
	// The SQLite database is copied into HAAT_BACKUP_DIR a minute after start-up, then daily.
	var bk *backups
	if cfg.BackupDir != "" {
		if bk, err = newBackups(db, cfg.BackupDir, cfg.backupKeep(), logger); err != nil {
			return err
		}
		bk.succeeded, bk.failed = counts.BackupWritten, counts.BackupFailed
		if last := bk.status(); !last.Last.IsZero() {
			counts.BackupWritten(last.Last, last.Size)
		}
		loops.Go(func() { bk.run(ctx, time.Minute, backupEvery) })
	}
	perHour, _ := strconv.Atoi(cfg.OrdersPerHour) // checked by validate
	// Shoppers' e-mails: through HAAT_SMTP_URL's server; to the log in development without one;
	// none in production without one.
	mails := cfg.mailSender(logger)
	srv := app.NewServer(app.Config{DB: db, Images: imgs, Payments: payments, Currency: haat.Currency(cfg.Currency),
		OrdersPerHour: perHour, SMS: sender, Mail: mails, ShowCode: showCode, SMSPerHour: cfg.smsPerHour(), Launch: newLaunch(cfg, providers, bk),
		PublicURL: cfg.PublicURL, ClientIPHeader: cfg.ClientIPHeader, Development: cfg.development(), Web: web.App(),
		Logger: logger, RequestLines: requestLines, Metrics: counts, MetricsToken: cfg.MetricsToken})
	if payments != nil {
		// Payments left unfinished are asked about once a minute, by one server at a time.
		payments.Exclusive = func(ctx context.Context, fn func() error) (bool, error) { return db.Exclusive(ctx, reconcileLock, fn) }
		loops.Go(func() { payments.Run(ctx, time.Minute, reconcileAfter) })
		// The notification sockets of the QRs shown close with ctx, before the store does.
		defer payments.Sockets.Close()
	}
	// Shoppers' e-mails (their orders' steps, refunds, products back in stock) and the texts of
	// products back in stock are sent within 15 seconds of the change they tell of, by whichever
	// server claims them; without a mail server (and outside development) no e-mail is queued.
	db.QueueMails(mails != nil)
	// Their links (a newsletter signup's confirmation, unsubscribing) are under the store's public
	// address; without one (in development) under the address it listens on.
	base := cfg.PublicURL
	if base == "" {
		base = addr
	}
	outbox := notify.Outbox{Store: db, Mail: mails, SMS: sender, PublicURL: base}
	loops.Go(func() { outbox.Run(ctx, 15*time.Second, logger) })
	// Shoppers who sign in by phone are texted their orders' steps within 15 seconds.
	loops.Go(func() { notify.RunTexts(ctx, db, sender, 15*time.Second, logger) })
	// What has outlived its use is removed every hour, by one server of the store at a time.
	loops.Go(func() { housekeep(ctx, db, imgs, logger, housekeepingEvery) })
	if cfg.ProfileAddr != "" {
		loops.Go(func() { serveProfiles(ctx, cfg.ProfileAddr, logger) })
	}
	handler.set(srv.Handler())
	logger.Info("haat listening", "addr", addr, "database", db.Dialect(), "currency", cfg.Currency)
	loops.Go(func() { srv.Warm(ctx) })
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	srv.Stop()
	drain, _ := time.ParseDuration(cfg.DrainDelay) // checked by validate
	logger.Info("shutting down", "drain", drain)
	time.Sleep(drain)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownWait)
	defer cancel()
	if err := httpServer.Shutdown(shutdownCtx); err != nil {
		logger.Warn("requests still under way were cut off", "after", shutdownWait, "err", err)
	}
	app.Finish(srv)
	return nil
}

// shutdownWait is how long the requests under way may take to finish once the store shuts down.
const shutdownWait = 10 * time.Second

// switchHandler serves with the handler set last: the store's address answers before the store
// is open, and the store's handler takes over once it is.
type switchHandler struct{ h atomic.Pointer[http.Handler] }

func (s *switchHandler) set(h http.Handler) { s.h.Store(&h) }

func (s *switchHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	(*s.h.Load()).ServeHTTP(w, r)
}

// newHTTPServer is the store's HTTP server, with time limits for slow or idle clients.
func newHTTPServer(handler http.Handler, logger *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
}

// openStore opens the database and brings its schema up to date, creates or updates the seller
// of HAAT_SELLER_EMAIL, keeps the store's currency (refusing another), and in development seeds
// the demo catalogue into an empty store.
func openStore(ctx context.Context, cfg config, logger *slog.Logger) (_ *sqlstore.DB, err error) {
	db, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	// db is its own variable: a named result would be nil by the time a failure closes it.
	defer func() {
		if err != nil {
			db.Close()
		}
	}()
	if cfg.SellerEmail != "" {
		if err := db.UpsertSeller(ctx, cfg.SellerEmail, cfg.SellerPassword); err != nil {
			return nil, fmt.Errorf("seller from HAAT_SELLER_EMAIL: %s", errorText(err))
		}
	}
	// The store keeps the currency it started with. A new one starts with the tax rule of its
	// currency (Nepal's VAT in rupees) and, in development, with the demo store's delivery rules.
	currency := haat.Currency(cfg.Currency)
	fresh := haat.NewStoreSettings()
	fresh.TaxRule = haat.DefaultTaxRule(currency)
	if cfg.development() {
		fresh = catalogue.Settings(cfg.Currency)
	}
	if isNew, err := db.KeepCurrency(ctx, currency, fresh); err != nil {
		return nil, err
	} else if isNew {
		logger.Info("new store", "currency", currency, "tax", fresh.TaxRule, "name", fresh.Store.Name)
	} else if demo, err := db.DemoProducts(ctx); err != nil {
		return nil, err
	} else if demo > 0 {
		// A store from before its name and promises were settings showed the demo's; it keeps
		// them until its seller sets its own (Settings, Store).
		if adopted, err := db.AdoptStoreDetails(ctx, catalogue.DemoStore()); err != nil {
			return nil, err
		} else if adopted {
			logger.Info("the demo store's name and details kept until the seller sets the store's own")
		}
	}
	// Orders from before orders kept their currency were placed in the store's currency of then,
	// which is taken to be today's: labelled once, they keep it through later changes.
	if n, err := db.LabelOrderCurrency(ctx, haat.Currency(cfg.Currency)); err != nil {
		return nil, err
	} else if n > 0 {
		logger.Info("orders labelled with the store currency", "orders", n, "currency", cfg.Currency)
	}
	// Only a developer's store gets the demo catalogue; a production store starts empty.
	if !cfg.development() {
		return db, nil
	}
	products, err := catalogue.Products(cfg.Currency)
	if err != nil {
		return nil, err
	}
	if seeded, err := db.SeedCatalogue(ctx, products); err != nil {
		return nil, err
	} else if seeded {
		logger.Info("demo catalogue seeded", "products", len(products))
	}
	return db, nil
}
