package api_test

import (
	"net/url"
	"strings"
	"testing"
)

// badTextMessage is the answer to a request with text that is not text.
const badTextMessage = "Text must not contain a NUL character or invalid UTF-8"

// TestBadTextRefused sends a NUL character (raw, or escaped as JSON writes it) and bytes that are
// not UTF-8 in JSON strings, keys and nested values, form fields and query parameters of every
// kind of call: each is refused with 400 and the message where it is decoded, on SQLite as on
// PostgreSQL (which cannot store a NUL and answered 500), and nothing changes.
func TestBadTextRefused(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		guest, shopper, seller := s.client(), s.shopper(""), s.seller()
		address := shopper.addAddress()
		shopper.setCart(map[string]int{s.rice.ID: 1})
		products := len(s.products())
		// The bad texts as a JSON body writes them, and as a query or form carries them.
		jsonBad := map[string]string{"escaped NUL": `\u0000`, "not UTF-8": "\xff\xfe", "lone surrogate": `\ud800`,
			"lone low surrogate": `\udc00x`, "raw NUL": "\x00"}
		rawBad := map[string]string{"NUL": "\x00", "not UTF-8": "\xff"}

		type call struct {
			name string
			c    *client
			send func(c *client, bad string) response
		}
		postJSON := func(path, body string) func(*client, string) response {
			return func(c *client, bad string) response { return c.post(path, strings.ReplaceAll(body, "BAD", bad)) }
		}
		jsonCalls := []call{
			{"sign-up name", guest, postJSON("/api/user/register", `{"name":"SitaBAD","email":"bad@example.com","password":"namaste-123"}`)},
			{"sign-up password", guest, postJSON("/api/user/register", `{"name":"Sita","email":"bad@example.com","password":"namaste-123BAD"}`)},
			{"sign-up key", guest, postJSON("/api/user/register", `{"name":"Sita","email":"bad@example.com","password":"namaste-123","xBAD":1}`)},
			{"login", guest, postJSON("/api/user/login", `{"email":"badBAD@example.com","password":"namaste-123"}`)},
			{"seller login", guest, postJSON("/api/seller/login", `{"email":"sellerBAD@haat.example","password":"seller-password"}`)},
			{"address", shopper, postJSON("/api/address/add", `{"address":{"firstName":"Sita","lastName":"Gurung","email":"sita@example.com",`+
				`"street":"Lakeside 4","city":"PokharaBAD","state":"Gandaki","zipcode":"33700","country":"Nepal","phone":"9811111111"}}`)},
			{"cart key", shopper, postJSON("/api/cart/update", `{"cartItems":{"`+s.rice.ID+`BAD":2}}`)},
			{"order item", shopper, postJSON("/api/order/cod", `{"items":[{"product":"`+s.rice.ID+`BAD","quantity":1}],"address":"`+address+`"}`)},
			{"order address", shopper, postJSON("/api/order/cod", `{"items":[{"product":"`+s.rice.ID+`","quantity":1}],"address":"`+address+`BAD"}`)},
			{"product stock", seller, postJSON("/api/product/stock", `{"id":"`+s.rice.ID+`BAD","inStock":false}`)},
		}
		for name, bad := range jsonBad {
			for _, tc := range jsonCalls {
				t.Run(tc.name+"/"+name, func(t *testing.T) { want(t, tc.send(tc.c, bad), 400, badTextMessage) })
			}
		}

		get := func(path string) func(*client, string) response {
			return func(c *client, bad string) response {
				return c.get(strings.ReplaceAll(path, "BAD", url.QueryEscape(bad)))
			}
		}
		form := func(path string, change map[string]string) func(*client, string) response {
			return func(c *client, bad string) response {
				fields := productForm(nil)
				if path == "/api/product/update" {
					fields = map[string]string{"id": s.rice.ID}
				}
				for k, v := range change {
					fields[strings.ReplaceAll(k, "BAD", bad)] = strings.ReplaceAll(v, "BAD", bad)
				}
				body, ct := multipartProduct(fields)
				return c.do("POST", path, body, ct)
			}
		}
		rawCalls := []call{
			{"seller orders q", seller, get("/api/order/seller?q=SitaBAD")},
			{"seller orders status", seller, get("/api/order/seller?status=PackedBAD")},
			{"seller orders before", seller, get("/api/order/seller?before=BAD")},
			{"seller export", seller, get("/api/order/seller.csv?q=BAD")},
			{"search", guest, get("/api/product/search?q=riceBAD")},
			{"search category", guest, get("/api/product/search?category=GrainsBAD")},
			{"query name", guest, get("/api/product/search?BAD=1")},
			{"product get", guest, get("/api/product/get?id=" + s.rice.ID + "BAD")},
			{"invoice", shopper, get("/api/order/invoice?id=BAD")},
			{"product add name", seller, form("/api/product/add", map[string]string{"name": "TeaBAD"})},
			{"product add description", seller, form("/api/product/add", map[string]string{"description": "LeafBAD"})},
			{"product update id", seller, form("/api/product/update", map[string]string{"id": s.rice.ID + "BAD"})},
			{"product update name", seller, form("/api/product/update", map[string]string{"name": "RiceBAD"})},
		}
		for name, bad := range rawBad {
			for _, tc := range rawCalls {
				t.Run(tc.name+"/"+name, func(t *testing.T) { want(t, tc.send(tc.c, bad), 400, badTextMessage) })
			}
		}
		// A field's name is text too (a NUL there the multipart reader refuses itself, also with 400).
		want(t, form("/api/product/add", map[string]string{"noteBAD": "x"})(seller, "\xff"), 400, badTextMessage)
		// JSON in a form field is read as the JSON body is: an escaped NUL is refused too.
		for _, tc := range []call{
			{"productData", seller, form("/api/product/add", map[string]string{"productData": `{"name":"TeaBAD","description":["x"],"category":"Drinks","price":5,"offerPrice":4}`})},
			{"description lines", seller, form("/api/product/add", map[string]string{"description": `["LeafBAD"]`})},
			{"image order", seller, form("/api/product/update", map[string]string{"imageOrder": `["/media/catalogue/jumla-rice.webpBAD"]`})},
		} {
			t.Run(tc.name+"/escaped NUL", func(t *testing.T) { want(t, tc.send(tc.c, `\u0000`), 400, badTextMessage) })
		}

		// Nothing changed: no account, address, order or product, the cart and the rice as they were.
		want(t, s.client().post("/api/user/login", map[string]string{"email": "bad@example.com", "password": "namaste-123"}), 401)
		if n := len(shopper.addresses()); n != 1 {
			t.Errorf("%d addresses, want 1", n)
		}
		if cart := shopper.cart(); len(cart) != 1 || cart[s.rice.ID] != float64(1) {
			t.Errorf("cart = %v", cart)
		}
		if n := len(shopper.orders()); n != 0 {
			t.Errorf("%d orders placed", n)
		}
		if n := len(s.products()); n != products {
			t.Errorf("%d products, want %d", n, products)
		}
		for _, p := range s.products() {
			if p["_id"] == s.rice.ID && (p["name"] != s.rice.Name || p["inStock"] != true) {
				t.Errorf("rice changed: %v", p)
			}
		}
		if s.storedFiles() != 0 {
			t.Error("a photo was stored")
		}
	})
}

// TestGoodTextAccepted holds the check to what it refuses: text that only looks like a bad escape
// (an escaped backslash before u0000), a surrogate pair and Devanagari are text, and kept as sent.
func TestGoodTextAccepted(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		for name, tc := range map[string]struct{ json, want string }{
			"escaped backslash": {`C:\\u0000`, `C:\u0000`},
			"surrogate pair":    {`Sita \ud83d\ude00`, "Sita \U0001F600"},
			"Devanagari":        {`सीता`, "सीता"},
		} {
			t.Run(name, func(t *testing.T) {
				r := s.client().post("/api/user/register", `{"name":"`+tc.json+`","email":"`+s.newEmail()+`","password":"namaste-123"}`)
				want(t, r, 200, "Account Created")
				if got := r.body["user"].(map[string]any)["name"]; got != tc.want {
					t.Errorf("name %q, want %q", got, tc.want)
				}
			})
		}
		want(t, s.client().get("/api/product/search?q="+url.QueryEscape("चामल")), 200)
	})
}
