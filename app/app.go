// Package app wires the store's services into its HTTP server: the one place where the store
// (cmd/haat), the API tests and the benchmarks build it.
package app

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"time"

	"haat"
	"haat/account"
	"haat/api"
	"haat/catalogue"
	"haat/checkout"
	"haat/mail"
	"haat/metrics"
	"haat/notify"
	"haat/otp"
	"haat/payment"
	"haat/sms"
	"haat/sqlstore"
)

// Config is what the store's server is built from beside its database; a field left zero leaves
// its part out (no photos, cash only, no metrics...).
type Config struct {
	// DB keeps what the store stores: every service over the database is it.
	DB *sqlstore.DB
	// Images keeps the uploaded product photos.
	Images api.ImageStore
	// Payments takes online payments; nil means the store takes cash only.
	Payments *payment.Gateway
	// Currency is the store's currency (HAAT_CURRENCY).
	Currency haat.Currency
	// OrdersPerHour is the most orders a shopper may place in an hour; 0 sets no limit.
	OrdersPerHour int
	// SMS sends the sign-in codes and order texts' codes; ShowCode answers a code on screen
	// (development only).
	SMS      sms.Sender
	ShowCode bool
	// Mail sends e-mails at once (a password reset's code); nil: the store sends none, and a
	// reset code is only logged (its code too in development).
	Mail mail.Sender
	// SMSPerHour is the store-wide ceiling of sign-in codes sent an hour; 0 is none.
	SMSPerHour int
	// CodeCost is the bcrypt cost of the sign-in codes' hashes; 0 is bcrypt's default.
	CodeCost int
	// Launch is what the configuration says for the launch checklist.
	Launch api.Launch
	// PublicURL, ClientIPHeader, Development, Web and MetricsToken are the api.Server's fields of
	// those names.
	PublicURL      string
	ClientIPHeader string
	Development    bool
	Web            fs.FS
	MetricsToken   string
	// Logger takes the store's log; RequestLog a line for every request (nil: Logger), or
	// RequestLines, when set, as api.Server's field of that name says.
	Logger       *slog.Logger
	RequestLog   *slog.Logger
	RequestLines io.Writer
	// Metrics counts what GET /metrics reports; nil counts nothing.
	Metrics *metrics.Metrics
}

// resetMailer mails password reset codes through cfg.Mail, or, without it, writes them to the log.
func resetMailer(cfg Config, db haat.SettingsService, logger *slog.Logger) otp.ResetMailer {
	if cfg.Mail == nil {
		return otp.LogMailer{ShowCode: cfg.Development, Logger: logger}
	}
	return notify.ResetMail{Sender: cfg.Mail, StoreName: StoreName(db, logger)}
}

// NewServer builds the store's HTTP server over cfg. Each of adjust changes the server before
// the services that depend on its fields are made: checkout takes the payments and currency the
// server ends up with, and the metrics, when there are any, count the pool, the sign-in codes,
// the orders placed and the payments' outcomes.
func NewServer(cfg Config, adjust ...func(*api.Server)) *api.Server {
	db := cfg.DB
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	// Refunds of part and the decisions of claims, made through the providers where they can be.
	refunds := payment.Refunds{Store: db, ClaimService: db, Gateway: cfg.Payments}
	s := &api.Server{
		Users: db, Sellers: db, Staff: db, Deliveries: db, Cash: db, Sessions: db, Limiter: db, Products: db, Addresses: db, Orders: db, Dashboard: db, Alerts: db, Newsletter: db, Credit: db, Coupons: db,
		Slots: db, Settings: db, Invoices: db, Refunds: refunds, Claims: refunds, Records: db, Demo: db, DemoStore: catalogue.DemoStore(),
		Launch: cfg.Launch, Images: cfg.Images,
		PhoneSignIn: &otp.Service{Store: db, Limiter: db, Sender: cfg.SMS, ShowCode: cfg.ShowCode, PerHour: cfg.SMSPerHour,
			BcryptCost: cfg.CodeCost, Logger: logger, StoreName: StoreName(db, logger),
			Accounts: db, Mail: resetMailer(cfg, db, logger)},
		Payments: cfg.Payments, Currency: cfg.Currency, PublicURL: cfg.PublicURL, ClientIPHeader: cfg.ClientIPHeader,
		Development: cfg.Development, Web: cfg.Web, Ready: db.Ready, Logger: logger, RequestLog: cfg.RequestLog, RequestLines: cfg.RequestLines,
		Metrics: cfg.Metrics, MetricsToken: cfg.MetricsToken, Now: func() time.Time { return db.Now() },
	}
	for _, f := range adjust {
		f(s)
	}
	codes, _ := s.PhoneSignIn.(account.PhoneCodeCheck)
	s.PasswordReset, _ = s.PhoneSignIn.(otp.PasswordReset)
	s.Accounts = &account.Service{Store: db, Codes: codes, Limiter: db}
	orders := &checkout.Service{Orders: db, Facts: db, Payments: s.Payments, Currency: s.Currency, Keys: db, OrdersPerHour: cfg.OrdersPerHour}
	s.Checkout = orders
	if m := s.Metrics; m != nil {
		m.WatchPool(db.SQL())
		if codes, ok := s.PhoneSignIn.(*otp.Service); ok {
			codes.Counted = m.SMSCode
		}
		orders.Placed = m.OrderPlaced
		if s.Payments != nil {
			s.Payments.Outcome = m.PaymentOutcome
		}
	}
	return s
}

// StoreName reads the store's name as its seller set it, for the texts and pages that name it;
// "" when it cannot be read (logged), so that the text is still sent.
func StoreName(db haat.SettingsService, logger *slog.Logger) func(ctx context.Context) string {
	return func(ctx context.Context) string {
		s, err := db.StoreSettings(ctx)
		if err != nil {
			logger.ErrorContext(ctx, "store name", "err", err)
			return ""
		}
		return s.Store.Name
	}
}

// Finish waits for the work the store's answers left under way (password reset codes being
// sent); the store calls it once it has stopped answering, before it closes its database.
func Finish(s *api.Server) {
	if codes, ok := s.PhoneSignIn.(*otp.Service); ok {
		codes.Wait()
	}
}
