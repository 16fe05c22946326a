// Package api is Haat's HTTP layer: one route table for the JSON API under /api/, its
// middleware (sessions, roles, CSRF, limits, logging) and the storefront's static files.
package api

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"haat"
	"haat/metrics"
	"haat/payment"
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
	Users     haat.UserService
	Sellers   haat.SellerService
	Sessions  haat.SessionService
	Limiter   haat.RateLimiter
	Products  haat.ProductService
	Addresses haat.AddressService
	Orders    haat.OrderService
	// Dashboard sums up the store for the seller.
	Dashboard haat.DashboardService
	// Alerts keeps shoppers' wishes to be told when a product is back.
	Alerts haat.AlertService
	// Slots keeps the seller's delivery windows and offers their slots.
	Slots haat.SlotService
	// PhoneSignIn sends sign-in codes by SMS and checks them.
	PhoneSignIn haat.PhoneSignIn
	// Settings keeps the store's settings: its delivery rules.
	Settings haat.SettingsService
	// Invoices finds the tax invoices of delivered orders.
	Invoices haat.InvoiceService
	// Demo keeps the demo catalogue's products apart from the seller's own.
	Demo haat.DemoService
	// Launch is what the store's configuration says for the launch checklist; nil knows nothing,
	// and the checklist's items about the configuration do not hold.
	Launch Launch
	// Checkout places orders and starts their payments.
	Checkout haat.CheckoutService
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
	// Metrics counts what GET /metrics reports; nil counts nothing.
	Metrics *metrics.Metrics
	// MetricsToken is the bearer token GET /metrics asks for; empty means /metrics is off (404).
	MetricsToken string

	// list is the product list's snapshot.
	list *productList
	// pages serves the storefront's files, filled with the settings it holds (settingsChanged).
	pages *static
	// stopping is set once the store shuts down (Stop): /readyz answers 503.
	stopping atomic.Bool
}

// Role requirements of a route.
const (
	public = ""
	user   = haat.RoleUser
	seller = haat.RoleSeller
	// callback: a payment provider's callback, or the shopper's browser coming back from the
	// provider's page. The route verifies the call itself (by signature, by asking the provider,
	// or by the shopper's session), so neither the role nor the cross-site checks apply.
	callback = "callback"
)

// handler is the shape of every API handler: it writes the answer, or returns the error that
// fail turns into the answer.
type handler func(w http.ResponseWriter, r *http.Request) error

type route struct {
	pattern string // method and path, as http.ServeMux reads them: "POST /api/order/cod"
	role    string
	handler handler
}

// routes is the one table of the API: method and path, who may call it, handler; the payment
// providers' callback routes under /api/payment/<provider>/ come last.
func (s *Server) routes() []route {
	table := []route{
		{"GET /api/config", public, s.config},
		{"GET /api/settings", public, s.settings},

		{"POST /api/user/register", public, s.register},
		{"POST /api/user/login", public, s.login},
		{"GET /api/user/is-auth", public, s.isAuth}, // answers 401 itself: it asks whether there is a shopper
		{"GET /api/user/session", public, s.userSession},
		{"GET /api/user/logout", public, s.logout(haat.RoleUser)},
		{"GET /api/user/alerts", user, s.userAlerts},
		{"POST /api/user/otp/send", public, s.otpSend},
		{"POST /api/user/otp/verify", public, s.otpVerify},
		{"POST /api/user/name", user, s.setName},
		{"POST /api/user/language", user, s.setLanguage(haat.RoleUser)},

		{"POST /api/seller/login", public, s.sellerLogin},
		{"GET /api/seller/auth-seller", seller, s.authSeller},
		{"GET /api/seller/is-auth", seller, s.authSeller}, // older clients ask here
		{"GET /api/seller/session", public, s.sellerSession},
		{"POST /api/seller/language", seller, s.setLanguage(haat.RoleSeller)},
		{"GET /api/seller/logout", public, s.logout(haat.RoleSeller)},
		{"GET /api/seller/products", seller, s.sellerProducts},
		{"GET /api/seller/dashboard", seller, s.sellerDashboard},
		{"GET /api/seller/slots", seller, s.sellerSlots},
		{"POST /api/seller/slots", seller, s.sellerSetSlots},
		{"POST /api/seller/settings", seller, s.sellerSettings},
		{"POST /api/seller/logo", seller, s.sellerLogo},
		{"GET /api/seller/order/invoice", seller, s.sellerOrderInvoice},
		{"POST /api/seller/demo/remove", seller, s.sellerDemoRemove},
		{"GET /api/seller/checklist", seller, s.sellerChecklist},

		{"GET /api/product/list", public, s.productList},
		{"GET /api/product/search", public, s.productSearch},
		{"GET /api/product/get", public, s.productGet},
		{"POST /api/product/add", seller, s.productAdd},
		{"POST /api/product/stock", seller, s.productStock},
		{"POST /api/product/update", seller, s.productUpdate},
		{"POST /api/product/archive", seller, s.productArchive},
		{"POST /api/product/import", seller, s.productImport},
		{"GET /api/product/export.csv", seller, s.productExport},
		{"POST /api/product/notify", user, s.productNotify},

		{"POST /api/cart/update", user, s.cartUpdate},
		{"POST /api/cart/quote", public, s.cartQuote},

		{"GET /api/slot/list", public, s.slotList},

		{"POST /api/address/add", user, s.addressAdd},
		{"GET /api/address/get", user, s.addressGet},

		{"POST /api/order/cod", user, s.orderCOD},
		{"POST /api/order/stripe", user, s.orderOnline},
		{"POST /api/order/pay", user, s.orderPay},
		{"GET /api/order/user", user, s.orderUser},
		{"GET /api/order/invoice", user, s.orderInvoice},
		{"POST /api/order/cancel", user, s.orderCancel},
		{"GET /api/order/seller", seller, s.orderSeller},
		{"GET /api/order/seller.csv", seller, s.orderSellerCSV},
		{"POST /api/order/status", seller, s.orderStatus},
		{"POST /api/order/paid", seller, s.orderPaid},
		{"POST /api/order/refund", seller, s.orderRefund},
		{"POST /api/order/refunded", seller, s.orderRefunded},
	}
	for _, rt := range s.paymentCallbacks() {
		h := handler(rt.Handle)
		if rt.Return {
			h = s.limitReturns(h)
		}
		table = append(table, route{rt.Pattern, callback, h})
	}
	return table
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
	s.list = &productList{products: s.Products}
	mux := http.NewServeMux()
	s.handleAPI(mux)
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
		}
		if s.Settings != nil {
			st.settings.read = s.Settings.StoreSettings
		}
		s.pages = st
		mux.Handle("/", st)
	}
	return s.withRequestID(s.recoverer(s.logRequests(s.securityHeaders(mux))))
}

// handleAPI adds the routes to mux, their answers compressed when worth it (compress). A path asked with a method it has no route for is answered
// 405 with the methods it has (a GET route answers HEAD too); any other path under /api/, 404.
func (s *Server) handleAPI(mux *http.ServeMux) {
	var paths []string
	methods := map[string][]string{}
	for _, rt := range s.routes() {
		method, path, _ := strings.Cut(rt.pattern, " ")
		if methods[path] == nil {
			paths = append(paths, path)
		}
		methods[path] = append(methods[path], method)
		mux.Handle(rt.pattern, compress(s.guard(rt)))
	}
	for _, path := range paths {
		mux.Handle(path, methodNotAllowed(methods[path]))
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, haat.Errorf(haat.ENOTFOUND, "Not Found"))
	})
}

// methodNotAllowed answers 405 and the methods a path has.
func methodNotAllowed(methods []string) http.Handler {
	var allow []string
	for _, m := range methods {
		allow = append(allow, m)
		if m == "GET" {
			allow = append(allow, "HEAD")
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeJSON(w, http.StatusMethodNotAllowed, ErrorResponse{Message: say(w, r, "Method Not Allowed")})
	})
}

// guard checks the cross-site rules and the role of a route, then calls it, and answers its error.
func (s *Server) guard(rt route) http.Handler {
	method, path, _ := strings.Cut(rt.pattern, " ")
	// Logout is a GET but changes state, so it is guarded like the POSTs.
	sameOriginOnly := rt.role != callback && (method != "GET" || strings.HasSuffix(path, "/logout"))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := s.serve(w, r, rt, sameOriginOnly); err != nil {
			s.fail(w, r, err)
		}
	})
}

// serve runs the checks of guard and the route's handler.
func (s *Server) serve(w http.ResponseWriter, r *http.Request, rt route, sameOriginOnly bool) error {
	if sameOriginOnly && !s.sameOrigin(r) {
		return haat.Errorf(haat.EFORBIDDEN, "Cross-site request refused")
	}
	// The path (a route's {ref}) and every query parameter are checked here, once for every
	// route, before anything reads them.
	if err := checkText(r.URL.Path); err != nil {
		return err
	}
	if err := checkValues(r.URL.Query()); err != nil {
		return err
	}
	if rt.role != public && rt.role != callback {
		ctx, err := s.authorize(r, rt.role)
		if err != nil {
			return err
		}
		r = r.WithContext(ctx)
	}
	return rt.handler(w, r)
}

// sameOrigin refuses requests that a browser marks as coming from another site.
func (s *Server) sameOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return r.Header.Get("Sec-Fetch-Site") != "cross-site"
	}
	if s.PublicURL != "" && strings.TrimRight(s.PublicURL, "/") == origin {
		return true
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return origin == scheme+"://"+r.Host
}

// healthz says the process is alive: it answers as long as the store's address does, also while
// the store starts and stops (see Starting).
func healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	io.WriteString(w, "ok\n")
}

// readyz says whether the store takes requests: 503 once it shuts down (Stop) or while Ready
// fails (the database unreachable, or its migrations not this build's), else 200.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if s.stopping.Load() {
		http.Error(w, "stopping", http.StatusServiceUnavailable)
		return
	}
	if s.Ready != nil {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := s.Ready(ctx); err != nil {
			s.Logger.ErrorContext(r.Context(), "readiness check failed", "err", err)
			http.Error(w, "unavailable", http.StatusServiceUnavailable)
			return
		}
	}
	io.WriteString(w, "ready\n")
}

// Stop marks the store as shutting down: /readyz answers 503 from now on, so that a load balancer
// sends no more requests, while those under way and arriving meanwhile are still served.
func (s *Server) Stop() { s.stopping.Store(true) }

// Starting is what the store's address answers while the store opens its database: /healthz 200
// (alive), /readyz 503, and every other request 503 with Retry-After, an API call with the JSON
// error "The store is starting, try again".
func Starting() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		switch {
		case r.URL.Path == "/healthz":
			healthz(w, r)
		case r.URL.Path == "/readyz":
			http.Error(w, "starting", http.StatusServiceUnavailable)
		default:
			w.Header().Set("Retry-After", "1")
			msg := haat.ErrorMessageIn(haat.Errorf(haat.EUNAVAILABLE, "The store is starting, try again"), language(w, r))
			if strings.HasPrefix(r.URL.Path, "/api/") {
				writeJSON(w, http.StatusServiceUnavailable, ErrorResponse{Message: msg})
				return
			}
			http.Error(w, msg, http.StatusServiceUnavailable)
		}
	})
}

// securityHeaderValues are the headers every answer carries, keyed as http.Header keeps them, so that
// setting them costs no work per request.
var securityHeaderValues = http.Header{
	"X-Content-Type-Options": {"nosniff"},
	"Referrer-Policy":        {"strict-origin-when-cross-origin"},
	"X-Frame-Options":        {"DENY"},
	"Content-Security-Policy": {"default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; " +
		"script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"},
}

// hstsHeader tells browsers that the store is reached over HTTPS only: they must never try plain
// HTTP again.
var hstsHeader = []string{"max-age=63072000; includeSubDomains"}

func (s *Server) securityHeaders(next http.Handler) http.Handler {
	hsts := s.httpsOnly()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		if hsts {
			h["Strict-Transport-Security"] = hstsHeader
		}
		// The values are shared by every answer: a handler that changes one of these headers
		// replaces its slice (Set, Del), never writes into it.
		for k, v := range securityHeaderValues {
			h[k] = v
		}
		next.ServeHTTP(w, r)
	})
}

// statusWriter remembers the status and size of a response for the request log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		// The record is handed to the handler as it is: through Logger.LogAttrs each line would
		// also look up its caller in the stack, a tenth of the work of a cached answer.
		end := time.Now()
		if s.Metrics != nil {
			s.Metrics.Request(r, sw.status, end.Sub(start))
		}
		h := s.RequestLog.Handler()
		if !h.Enabled(r.Context(), slog.LevelInfo) {
			return
		}
		rec := slog.NewRecord(end, slog.LevelInfo, "request", 0)
		rec.AddAttrs(slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.Int("status", sw.status),
			slog.Int("bytes", sw.bytes), slog.Duration("duration", end.Sub(start)), slog.String("remote", clientIP(r, s.ClientIPHeader)))
		h.Handle(r.Context(), rec)
	})
}

func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.Logger.ErrorContext(r.Context(), "panic", "path", r.URL.Path, "panic", v)
				writeJSON(w, http.StatusInternalServerError, ErrorResponse{Message: say(w, r, "Something went wrong")})
			}
		}()
		next.ServeHTTP(w, r)
	})
}
