// Package storefront holds the storefront's pages: the one list of the paths the storefront's
// router routes, which the server answers with the storefront.
package storefront

import "strings"

// Page is a page of the storefront: its name, as the storefront's code calls it, and the pattern
// of its path, as the storefront's router matches it (a segment ":name" is any one segment).
type Page struct {
	Name    string
	Pattern string
}

// Pages are the storefront's pages, the one list of them: the server answers these paths with the
// storefront and status 200 (a path that is none of them gets the storefront with 404), and the
// storefront's router routes exactly these, taking them from the contract (web/src/lib/paths.ts).
// The seller area's pages are below "/seller", which is its own page (adding a product).
var Pages = []Page{
	{"landing", "/"},
	{"home", "/home"},
	{"products", "/products"},
	{"category", "/products/:category"},
	{"product", "/products/:category/:id"},
	{"cart", "/cart"},
	{"addAddress", "/add-address"},
	{"myOrders", "/my-orders"},
	{"myOrderInvoice", "/my-orders/:id/invoice"},
	{"account", "/account"},
	{"contact", "/contact"},
	{"loader", "/loader"},
	{"rider", "/rider"},
	{"payQR", "/pay/:provider/:reference"},
	{"seller", "/seller"},
	{"sellerDashboard", "/seller/dashboard"},
	{"sellerProductList", "/seller/product-list"},
	{"sellerEditProduct", "/seller/product-list/:id/edit"},
	{"sellerOrders", "/seller/orders"},
	{"sellerPack", "/seller/pack"},
	{"sellerOrderSlip", "/seller/orders/:number/slip"},
	{"sellerOrderInvoice", "/seller/orders/:number/invoice"},
	{"sellerSlots", "/seller/slots"},
	{"sellerCash", "/seller/cash"},
	{"sellerSettings", "/seller/settings"},
	{"sellerImport", "/seller/import"},
	{"sellerLaunch", "/seller/launch"},
	{"sellerStaff", "/seller/staff"},
	{"sellerClaims", "/seller/claims"},
	{"sellerCoupons", "/seller/coupons"},
}

// Match finds the page whose pattern matches the path as the storefront's router matches it
// (letters in any case, a trailing slash ignored) and returns it with the path's segment for each
// ":name" of the pattern.
func Match(path string) (page Page, params map[string]string, ok bool) {
	if path != "/" {
		path = strings.TrimSuffix(path, "/")
	}
	segments := strings.Split(path, "/")
	for _, p := range Pages {
		want := strings.Split(p.Pattern, "/")
		if len(want) != len(segments) {
			continue
		}
		params = map[string]string{}
		for i, w := range want {
			if name, ok := strings.CutPrefix(w, ":"); ok && segments[i] != "" {
				params[name] = segments[i]
			} else if !strings.EqualFold(w, segments[i]) {
				params = nil
				break
			}
		}
		if params != nil {
			return p, params, true
		}
	}
	return Page{}, nil, false
}
