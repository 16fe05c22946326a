package api

import (
	"net/http"
	"strings"

	"haat"
)

// Role requirements of a route.
const (
	public = ""
	user   = haat.RoleUser
	// The seller area's routes name the part of it they belong to; the signed-in seller's role
	// must reach it (haat.StaffRole.May).
	anyStaff = string(haat.AccessArea)       // every member of staff
	packers  = string(haat.AccessOrders)     // the owner and packers: orders, packing, stock
	owner    = string(haat.AccessOwner)      // the owner: catalogue, prices, settings, staff, money
	riders   = string(haat.AccessDeliveries) // riders: their own deliveries
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
		{"GET /api/openapi.json", public, s.openAPI},

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
		{"POST /api/user/notifications", user, s.setNotifications},
		{"POST /api/user/password", user, s.changePassword},
		{"POST /api/user/password/reset", public, s.resetSend},
		{"POST /api/user/password/reset/confirm", public, s.resetConfirm},
		{"POST /api/user/email", user, s.changeEmail},
		{"POST /api/user/phone", user, s.changePhone},
		{"POST /api/user/logout-all", user, s.logoutAll},
		{"GET /api/user/export", user, s.exportAccount},
		{"POST /api/user/delete", user, s.closeAccount},
		{"GET /api/user/credit", user, s.userCredit},

		{"POST /api/seller/login", public, s.sellerLogin},
		{"GET /api/seller/auth-seller", anyStaff, s.authSeller},
		{"GET /api/seller/is-auth", anyStaff, s.authSeller}, // older clients ask here
		{"GET /api/seller/session", public, s.sellerSession},
		{"POST /api/seller/language", anyStaff, s.setLanguage(haat.RoleSeller)},
		{"GET /api/seller/logout", public, s.logout(haat.RoleSeller)},
		{"GET /api/seller/products", packers, s.sellerProducts},
		{"GET /api/seller/dashboard", owner, s.sellerDashboard},
		{"GET /api/seller/slots", packers, s.sellerSlots},
		{"POST /api/seller/slots", owner, s.sellerSetSlots},
		{"POST /api/seller/settings", owner, s.sellerSettings},
		{"GET /api/seller/synonyms", owner, s.sellerSynonyms},
		{"POST /api/seller/synonyms", owner, s.sellerSetSynonyms},
		{"POST /api/seller/logo", owner, s.sellerLogo},
		{"GET /api/seller/order/invoice", packers, s.sellerOrderInvoice},
		{"POST /api/seller/demo/remove", owner, s.sellerDemoRemove},
		{"GET /api/seller/checklist", owner, s.sellerChecklist},
		{"GET /api/seller/subscribers.csv", owner, s.sellerSubscribers},
		{"GET /api/seller/staff", owner, s.sellerStaff},
		{"POST /api/seller/staff", owner, s.sellerAddStaff},
		{"POST /api/seller/staff/role", owner, s.sellerStaffRole},
		{"POST /api/seller/staff/remove", owner, s.sellerRemoveStaff},

		{"POST /api/newsletter/subscribe", public, s.newsletterSubscribe},
		{"GET /api/newsletter/confirm", public, s.newsletterConfirm},
		{"GET /api/newsletter/unsubscribe", public, s.newsletterUnsubscribe},

		{"GET /api/product/list", public, s.productList},
		{"GET /api/product/search", public, s.productSearch},
		{"GET /api/product/get", public, s.productGet},
		{"POST /api/product/add", owner, s.productAdd},
		{"POST /api/product/stock", packers, s.productStock},
		{"POST /api/product/update", owner, s.productUpdate},
		{"POST /api/product/archive", owner, s.productArchive},
		{"POST /api/product/import", owner, s.productImport},
		{"GET /api/product/export.csv", owner, s.productExport},
		{"POST /api/product/notify", user, s.productNotify},

		{"POST /api/cart/update", user, s.cartUpdate},
		{"POST /api/cart/quote", public, s.cartQuote},

		{"GET /api/slot/list", public, s.slotList},

		{"POST /api/address/add", user, s.addressAdd},
		{"GET /api/address/get", user, s.addressGet},
		{"POST /api/address/update", user, s.addressUpdate},
		{"POST /api/address/delete", user, s.addressDelete},
		{"POST /api/address/default", user, s.addressDefault},

		{"POST /api/order/cod", user, s.orderCOD},
		{"POST /api/order/stripe", user, s.orderOnline},
		{"POST /api/order/pay", user, s.orderPay},
		{"GET /api/order/qr", user, s.limitReturns(s.orderQR)}, // asks the provider, as a return page does
		{"GET /api/order/user", user, s.orderUser},
		{"GET /api/order/invoice", user, s.orderInvoice},
		{"POST /api/order/claim", user, s.orderClaim},
		{"GET /api/order/claims", user, s.orderClaims},
		{"POST /api/order/cancel", user, s.orderCancel},
		{"POST /api/order/substitute", user, s.orderSubstitute},
		{"GET /api/order/seller", packers, s.orderSeller},
		{"GET /api/order/seller.csv", owner, s.orderSellerCSV},
		{"POST /api/order/status", packers, s.orderStatus},
		{"POST /api/order/pack", packers, s.orderPack},
		{"GET /api/seller/picklist", packers, s.pickList},
		{"POST /api/order/paid", owner, s.orderPaid},
		{"POST /api/order/refund", owner, s.orderRefund},
		{"POST /api/order/refunded", owner, s.orderRefunded},
		{"POST /api/seller/order/refund", owner, s.orderRefundPart},
		{"GET /api/seller/claims", owner, s.sellerClaims},
		{"POST /api/seller/claim/resolve", owner, s.sellerClaimResolve},
		{"GET /api/seller/records.csv", owner, s.recordsCSV},
		{"POST /api/order/assign", packers, s.orderAssign},
		{"GET /api/seller/riders", packers, s.sellerRiders},
		{"GET /api/seller/cash", owner, s.sellerCash},
		{"POST /api/seller/cash/handover", owner, s.sellerHandover},
		{"POST /api/seller/credit", owner, s.sellerCredit},
		{"POST /api/seller/coupon", owner, s.sellerCoupon},
		{"GET /api/seller/coupons", owner, s.sellerCoupons},

		{"GET /api/rider/deliveries", riders, s.riderDeliveries},
		{"POST /api/rider/start", riders, s.riderStart},
		{"POST /api/rider/delivered", riders, s.riderDelivered},
		{"POST /api/rider/failed", riders, s.riderFailed},
		{"POST /api/rider/qr", riders, s.riderQR},
		{"GET /api/rider/qr", riders, s.riderQRStatus},
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

// handleAPI adds the routes to rt, their answers compressed when worth it (compress). A path asked with a method it has no route for is answered
// 405 with the methods it has (a GET route answers HEAD too); any other path under /api/, 404.
func (s *Server) handleAPI(rt *router) {
	mux := rt.mux
	var paths []string
	methods := map[string][]string{}
	for _, r := range s.routes() {
		method, path, _ := strings.Cut(r.pattern, " ")
		if methods[path] == nil {
			paths = append(paths, path)
		}
		methods[path] = append(methods[path], method)
		rt.handle(r.pattern, compress(s.guard(r)))
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
