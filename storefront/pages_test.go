package storefront_test

import (
	"strings"
	"testing"

	"haat/storefront"
)

// TestPages: every page has a name and a pattern of its own, and a page is in the seller area
// (below /seller) exactly when its name starts with "seller", as the storefront's router splits them.
func TestPages(t *testing.T) {
	names, patterns := map[string]bool{}, map[string]bool{}
	for _, p := range storefront.Pages {
		if names[p.Name] || patterns[p.Pattern] || !strings.HasPrefix(p.Pattern, "/") {
			t.Errorf("page %+v: its name or pattern is taken, or the pattern is not a path", p)
		}
		names[p.Name], patterns[p.Pattern] = true, true
		if strings.HasPrefix(p.Name, "seller") != (p.Pattern == "/seller" || strings.HasPrefix(p.Pattern, "/seller/")) {
			t.Errorf("page %+v: seller pages are named seller…", p)
		}
		if got, _, ok := storefront.Match(p.Pattern); !ok || got != p {
			t.Errorf("Match(%q) = %+v, %v", p.Pattern, got, ok)
		}
	}
	for path, want := range map[string]string{
		"/": "landing", "/HOME/": "home", "/products/fruits/01ABC": "product", "/seller/orders/7/slip": "sellerOrderSlip",
		"/my-orders/01ABC/invoice": "myOrderInvoice",
	} {
		if got, _, ok := storefront.Match(path); !ok || got.Name != want {
			t.Errorf("Match(%q) = %q, %v; want %q", path, got.Name, ok, want)
		}
	}
	for _, path := range []string{"/index", "/products/fruits/01ABC/x", "/seller/nope", "/my-orders//invoice", "/homes"} {
		if got, _, ok := storefront.Match(path); ok {
			t.Errorf("Match(%q) = %q", path, got.Name)
		}
	}
}
