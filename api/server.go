// Package api is Haat's HTTP layer: one route table for the JSON API under /api/, its
// middleware (sessions, roles, CSRF, limits, logging) and the storefront's static files.
package api

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"haat"
	"haat/account"
	"haat/addressbook"
	"haat/cash"
	"haat/catalogue"
	"haat/checkout"
	"haat/dashboard"
	"haat/deliveries"
	"haat/login"
	"haat/metrics"
	"haat/newsletter"
	"haat/otp"
	"haat/payment"
	"haat/records"
	"haat/slots"
	"haat/staff"
	"haat/stockalert"
)

// ImageStore keeps uploaded product photos and serves them under /media/uploads/.
type ImageStore interface {
	// SaveAll checks every photo, then stores them all, and returns their URL paths in order.
	SaveAll(ctx context.Context, files []io.Reader) ([]string, error)
	// Check checks one photo as SaveAll does, and stores nothing.
	Check(r io.Reader) error
	http.Handler
}

// Server holds what the handlers need. Fill it, then call Handler.
type Server struct {
	Users   haat.UserService
	Sellers haat.SellerService
	// Deliveries gives orders to riders and keeps what they do with them.
	Deliveries deliveries.Service
	// Cash keeps the riders' cash: collected at the door and handed in.
	Cash cash.Service
	// Staff keeps the accounts of the store's packers and riders.
	Staff     staff.Service
	Sessions  login.SessionService
	Limiter   haat.RateLimiter
	Products  haat.ProductService
	Addresses addressbook.Service
	Orders    haat.OrderService
	// Dashboard sums up the store for the seller.
	Dashboard dashboard.Service
	// Alerts keeps shoppers' wishes to be told when a product is back.
	Alerts stockalert.Service
	// Newsletter keeps the newsletter's list.
	Newsletter newsletter.Service
	// Slots keeps the seller's delivery windows and offers their slots.
	Slots slots.Service
	// PhoneSignIn sends sign-in codes by SMS and checks them.
	PhoneSignIn otp.PhoneSignIn
	// PasswordReset sends codes to set a forgotten password, and sets it.
	PasswordReset otp.PasswordReset
	// Accounts is the signed-in shopper's care of their own account.
	Accounts account.SelfService
	// Settings keeps the store's settings: its delivery rules.
	Settings haat.SettingsService
	// Invoices finds the tax invoices of delivered orders.
	Invoices haat.InvoiceService
	// Refunds agrees refunds of part of orders.
	Refunds haat.RefundService
	// Claims records shoppers' claims about delivered orders and their decisions.
	Claims haat.ClaimService
	// Records finds the claims, refunds and credit notes the law asks kept.
	Records records.Service
	// Demo keeps the demo catalogue's products apart from the seller's own.
	Demo catalogue.DemoService
	// Launch is what the store's configuration says for the launch checklist; nil knows nothing,
	// and the checklist's items about the configuration do not hold.
	Launch Launch
	// Credit keeps the shoppers' store credit.
	Credit haat.CreditService
	// Coupons keeps the store's coupons.
	Coupons haat.CouponService
	// Checkout places orders and starts their payments.
	Checkout checkout.Checkout
	Images   ImageStore
	// Payments takes online payments; nil means the store takes cash only.
	Payments *payment.Gateway

	// Currency is the store's currency: what new orders are priced in.
	Currency haat.Currency
	// PublicURL is the store's public address; its origin is accepted on mutating requests.
	PublicURL string
	// ClientIPHeader names the header a trusted reverse proxy puts the client address in
	// (e.g. X-Forwarded-For); empty means the connection's address is the client's.
	ClientIPHeader string
	// DemoStore is the demo store's name and contact: the launch checklist asks a real shop to
	// replace them with its own.
	DemoStore haat.StoreDetails
	// Development is a developer's machine (HAAT_ENV=development): requests from the machine itself
	// (loopback) are not held to the per-address limits. Otherwise every address is, loopback too:
	// behind a reverse proxy on the same host every request comes from loopback.
	Development bool
	// Web is the built storefront (index.html and assets); nil serves no pages.
	Web fs.FS
	// Ready checks what /readyz answers for: the database reachable and its schema this build's.
	Ready  func(ctx context.Context) error
	Logger *slog.Logger
	// RequestLog takes a line for every request; nil means Logger.
	RequestLog *slog.Logger
	// RequestLines, when set, takes the request log's lines instead of RequestLog: each line as
	// slog's TextHandler with no options writes it, in one Write, from many goroutines at once.
	// Written so, a line costs a fraction of one written through slog.
	RequestLines io.Writer
	// Now is the store's clock, which tells whether an order is late; nil is the real time.
	Now func() time.Time
	// Metrics counts what GET /metrics reports; nil counts nothing.
	Metrics *metrics.Metrics
	// MetricsToken is the bearer token GET /metrics asks for; empty means /metrics is off (404).
	MetricsToken string

	// router finds the handler of each request (Handler).
	router *router
	// list is the product list's snapshot.
	list *productList
	// pages serves the storefront's files, filled with the settings it holds (settingsChanged).
	pages *static
	// stopping is set once the store shuts down (Stop): /readyz answers 503.
	stopping atomic.Bool
}

// now reads the store's clock.
func (s *Server) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

// Handler returns the whole HTTP handler: API, media, health check and storefront.
func (s *Server) Handler() http.Handler {
	if s.Logger == nil {
		s.Logger = slog.Default()
	}
	if s.RequestLog == nil {
		s.RequestLog = s.Logger
	}
	s.Logger = slog.New(LogRequestIDs(s.Logger.Handler()))
	s.RequestLog = slog.New(LogRequestIDs(s.RequestLog.Handler()))
	s.list = &productList{products: s.Products, settings: s.Settings, now: s.now}
	s.router = newRouter()
	mux := s.router.mux
	s.handleAPI(s.router)
	if s.Images != nil {
		mux.Handle("/media/uploads/", s.Images)
	}
	mux.HandleFunc("GET /healthz", healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	mux.Handle("GET /metrics", s.metrics())
	if s.Web != nil {
		st := newStatic(s.Web)
		st.logger = s.Logger
		if s.Products != nil {
			st.productExists = s.Products.ProductExists
			st.ahead = &aheadSource{snapshot: s.list.snapshot, config: s.configAnswer, currency: s.Currency, books: readCardBooks(s.Web)}
		}
		if s.Settings != nil {
			st.settings.read = s.Settings.StoreSettings
		}
		s.pages = st
		mux.Handle("/", st)
		mux.HandleFunc("GET /manifest.webmanifest", s.manifest)
	}
	return s.withRequestID(s.recoverer(s.logRequests(s.securityHeaders(s.router))))
}
