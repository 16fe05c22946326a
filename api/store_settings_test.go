package api_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"haat"
	"haat/api"
)

// storeSettings returns the settings the store answers to anyone.
func (c *client) storeSettings() map[string]any {
	c.s.t.Helper()
	r := c.get("/api/settings")
	want(c.s.t, r, 200)
	return r.body["settings"].(map[string]any)
}

// section returns one object of the public settings: "store", "policy" or "legal".
func (c *client) section(name string) map[string]any {
	c.s.t.Helper()
	return c.storeSettings()[name].(map[string]any)
}

// ourStore is the store's details a grocer in Patan sets.
var ourStore = map[string]any{"store": map[string]any{
	"name": "Patan Fresh", "nameNe": "पाटन फ्रेस", "tagline": "Vegetables from Lele, every morning",
	"phone": "+977 1-5550123", "email": "hello@patanfresh.com.np", "address": "Mangal Bazaar, Lalitpur",
	"hours": haat.AroundTheClock, "social": map[string]any{"facebook": "https://facebook.com/patanfresh"},
	"promise": "", "claims": []map[string]any{{"title": "Picked daily", "text": "From Lele farms"}, {"title": "Fair prices"}},
}}

func TestStoreDetailsSetting(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		anon := s.client()
		// A store that never set them has no name and no claims, and the default policy.
		if st := anon.section("store"); st["name"] != "" || len(st["claims"].([]any)) != 0 {
			t.Fatalf("a new store's details: %v", st)
		}
		if p := anon.section("policy"); p["returnDays"] != 7.0 || p["missingHours"] != 24.0 || p["refundDays"] != 5.0 || p["perishablesReturnable"] != false {
			t.Fatalf("a new store's policy: %v", p)
		}
		want(t, anon.post("/api/seller/settings", ourStore), 401)
		want(t, s.shopper("").post("/api/seller/settings", ourStore), 403)
		if anon.section("store")["name"] != "" {
			t.Fatal("a shopper named the store")
		}
		seller := s.seller()
		long := func(n int) string { return strings.Repeat("न", n) }
		store := func(field string, v any) map[string]any {
			return map[string]any{"store": map[string]any{field: v}}
		}
		for name, tc := range map[string]struct {
			body any
			msg  string
		}{
			"name too long":         {store("name", long(haat.MaxStoreName+1)), "The store's name may be at most 60 characters"},
			"Nepali name too long":  {store("nameNe", long(haat.MaxStoreName+1)), "The store's Nepali name may be at most 60 characters"},
			"tagline too long":      {store("tagline", long(haat.MaxTagline+1)), "The tagline may be at most 120 characters"},
			"address too long":      {store("address", long(haat.MaxStoreAddress+1)), "The store's address may be at most 200 characters"},
			"hours too long":        {store("hours", long(haat.MaxStoreHours+1)), "The support hours may be at most 60 characters"},
			"promise too long":      {store("promise", long(haat.MaxPromise+1)), "The delivery promise may be at most 120 characters"},
			"phone with letters":    {store("phone", "01-CALL-US"), "Please enter the store's phone number: 7 to 15 digits"},
			"phone too short":       {store("phone", "12345"), "Please enter the store's phone number: 7 to 15 digits"},
			"phone too long":        {store("phone", "+977 1234 5678 90123"), "Please enter the store's phone number: 7 to 15 digits"},
			"bad email":             {store("email", "hello@patan"), "Please enter a valid e-mail address for the store"},
			"social not https":      {store("social", map[string]any{"instagram": "http://instagram.com/x"}), "A social link is a web address starting with https://, at most 200 characters"},
			"social not an address": {store("social", map[string]any{"youtube": "patanfresh"}), "A social link is a web address starting with https://, at most 200 characters"},
			"logo elsewhere":        {store("logo", "https://evil.example/logo.png"), "Upload the logo as an image"},
			"too many claims":       {store("claims", make([]map[string]any, haat.MaxSellingPoints+1)), "A store may show at most 8 selling points"},
			"claim without title":   {store("claims", []map[string]any{{"title": "  ", "text": "Fresh"}}), "Every selling point needs a title"},
			"claim title too long":  {store("claims", []map[string]any{{"title": long(haat.MaxSellingPointTitle + 1)}}), "A selling point's title may be at most 60 characters"},
			"claim text too long":   {store("claims", []map[string]any{{"title": "Fresh", "text": long(haat.MaxSellingPointText + 1)}}), "A selling point's text may be at most 200 characters"},
			"name not a string":     {store("name", 5), ""},
		} {
			t.Run(name, func(t *testing.T) {
				r := seller.post("/api/seller/settings", tc.body)
				if tc.msg == "" {
					want(t, r, 400)
				} else {
					want(t, r, 400, tc.msg)
				}
				if anon.section("store")["name"] != "" {
					t.Fatal("refused details were stored")
				}
			})
		}
		// The cap counts characters, not bytes: a Nepali name of exactly the cap is taken.
		want(t, seller.post("/api/seller/settings", store("nameNe", long(haat.MaxStoreName))), 200)

		want(t, seller.post("/api/seller/settings", ourStore), 200, "Settings saved")
		st := anon.section("store")
		if st["name"] != "Patan Fresh" || st["nameNe"] != "पाटन फ्रेस" || st["phone"] != "+977 1-5550123" || st["hours"] != "24/7" ||
			st["social"].(map[string]any)["facebook"] != "https://facebook.com/patanfresh" || st["promise"] != "" {
			t.Fatalf("stored details: %v", st)
		}
		if c := st["claims"].([]any); len(c) != 2 || c[1].(map[string]any)["title"] != "Fair prices" || c[1].(map[string]any)["text"] != "" {
			t.Fatalf("stored claims: %v", c)
		}
		// A field left out keeps its value; a claim sent replaces the one in its place whole;
		// Devanagari digits in a phone number are written in ASCII.
		want(t, seller.post("/api/seller/settings", map[string]any{"store": map[string]any{
			"tagline": "  Fresh from Lele  ", "phone": "०१-५५५०१२४", "claims": []map[string]any{{"title": "Fair prices"}}}}), 200)
		st = anon.section("store")
		if st["name"] != "Patan Fresh" || st["tagline"] != "Fresh from Lele" || st["phone"] != "01-5550124" || st["email"] != "hello@patanfresh.com.np" {
			t.Fatalf("after a partial change: %v", st)
		}
		if c := st["claims"].([]any); len(c) != 1 || c[0].(map[string]any)["text"] != "" {
			t.Fatalf("a claim removed or merged: %v", c)
		}
		// Other settings are untouched by the store's details, and the other way round.
		want(t, seller.post("/api/seller/settings", valleyRules), 200)
		if anon.section("store")["name"] != "Patan Fresh" || anon.delivery() == nil {
			t.Fatal("delivery rules and the store's details do not keep each other")
		}
		want(t, seller.post("/api/seller/settings", map[string]any{"store": map[string]any{"claims": []any{}}}), 200)
		if c := anon.section("store")["claims"].([]any); len(c) != 0 {
			t.Fatalf("every claim removed, still %v", c)
		}
	})
}

func TestPolicySetting(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		anon, seller := s.client(), s.seller()
		policy := func(field string, v any) map[string]any { return map[string]any{"policy": map[string]any{field: v}} }
		want(t, s.shopper("").post("/api/seller/settings", policy("returnDays", 3)), 403)
		for name, tc := range map[string]struct {
			body any
			msg  string
		}{
			"negative return days":   {policy("returnDays", -1), "Returns may be accepted for 0 to 90 days"},
			"return days too many":   {policy("returnDays", 91), "Returns may be accepted for 0 to 90 days"},
			"missing hours too many": {policy("missingHours", 169), "Missing items may be reported for 0 to 168 hours"},
			"no refund days":         {policy("refundDays", 0), "A refund must reach the shopper within 1 to 7 days"},
			"refund beyond the law":  {policy("refundDays", 8), "A refund must reach the shopper within 1 to 7 days"},
		} {
			t.Run(name, func(t *testing.T) {
				want(t, seller.post("/api/seller/settings", tc.body), 400, tc.msg)
				if anon.section("policy")["refundDays"] != 5.0 {
					t.Fatal("a refused policy was stored")
				}
			})
		}
		want(t, seller.post("/api/seller/settings", map[string]any{"policy": map[string]any{"returnDays": 0, "refundDays": 3, "perishablesReturnable": true}}), 200)
		if p := anon.section("policy"); p["returnDays"] != 0.0 || p["missingHours"] != 24.0 || p["refundDays"] != 3.0 || p["perishablesReturnable"] != true {
			t.Fatalf("stored policy: %v", p)
		}
	})
}

// ourLegal are the legal details and invoice details of a registered seller.
var ourLegal = map[string]any{
	"invoice": map[string]any{"legalName": "Patan Fresh Pvt. Ltd.", "address": "Mangal Bazaar, Lalitpur", "pan": "601234567"},
	"legal": map[string]any{"registrationNo": "123456/079/080", "docscpListing": "ECOM-2081-0042",
		"grievanceOfficer": map[string]any{"name": "Sita Maharjan", "phone": "9841000000", "email": "grievance@patanfresh.com.np"}},
}

func TestLegalDetailsSetting(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		anon, seller := s.client(), s.seller()
		officer := func(field string, v any) map[string]any {
			return map[string]any{"legal": map[string]any{"grievanceOfficer": map[string]any{field: v}}}
		}
		want(t, anon.post("/api/seller/settings", ourLegal), 401)
		want(t, s.shopper("").post("/api/seller/settings", ourLegal), 403)
		for name, tc := range map[string]struct {
			body any
			msg  string
		}{
			"registration too long": {map[string]any{"legal": map[string]any{"registrationNo": strings.Repeat("1", 41)}}, "The registration number may be at most 40 characters"},
			"listing too long":      {map[string]any{"legal": map[string]any{"docscpListing": strings.Repeat("१", 41)}}, "The listing number may be at most 40 characters"},
			"officer name too long": {officer("name", strings.Repeat("स", 81)), "The grievance officer's name may be at most 80 characters"},
			"officer phone":         {officer("phone", "call me"), "Please enter the grievance officer's phone number: 7 to 15 digits"},
			"officer email":         {officer("email", "sita"), "Please enter a valid e-mail address for the grievance officer"},
		} {
			t.Run(name, func(t *testing.T) {
				want(t, seller.post("/api/seller/settings", tc.body), 400, tc.msg)
			})
		}
		if complete(t, s) {
			t.Fatal("a new store's legal details are complete")
		}
		want(t, seller.post("/api/seller/settings", ourLegal), 200)
		l := anon.section("legal")
		g := l["grievanceOfficer"].(map[string]any)
		if l["registrationNo"] != "123456/079/080" || l["docscpListing"] != "ECOM-2081-0042" || g["name"] != "Sita Maharjan" || g["phone"] != "9841000000" {
			t.Fatalf("stored legal details: %v", l)
		}
		if !complete(t, s) {
			t.Fatal("complete legal details read as incomplete")
		}
		// The error comes in Nepali to a seller who reads Nepali.
		r := seller.post("/api/seller/settings", officer("email", "sita"), "Accept-Language", "ne")
		want(t, r, 400, "कृपया गुनासो सुन्ने अधिकारीको मान्य इमेल ठेगाना लेख्नुहोस्")
	})
}

// complete reports whether the stored settings have complete legal details.
func complete(t *testing.T, s *store) bool {
	settings, err := s.db.StoreSettings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return settings.LegalComplete()
}

func TestStoreLogo(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		logo := func(c *client, files ...upload) response {
			var b bytes.Buffer
			w := multipart.NewWriter(&b)
			for _, f := range files {
				fw, _ := w.CreateFormFile("logo", f.name)
				fw.Write(f.data)
			}
			w.Close()
			return c.do("POST", "/api/seller/logo", &b, w.FormDataContentType())
		}
		want(t, logo(s.client(), upload{"logo.png", pngFile(t)}), 401)
		want(t, logo(s.shopper(""), upload{"logo.png", pngFile(t)}), 403)
		seller := s.seller()
		want(t, logo(seller), 400, "Choose one image for the logo")
		want(t, logo(seller, upload{"logo.png", []byte("not an image at all")}), 400)
		if s.storedFiles() != 0 || s.client().section("store")["logo"] != "" {
			t.Fatal("a refused logo was stored")
		}
		r := logo(seller, upload{"logo.png", pngFile(t)})
		want(t, r, 200, "Logo saved")
		path := s.client().section("store")["logo"].(string)
		if !strings.HasPrefix(path, "/media/uploads/") {
			t.Fatalf("logo at %q", path)
		}
		if r := s.client().get(path); r.status != 200 {
			t.Fatalf("the logo answers %d", r.status)
		}
		// The logo is a photo in use: housekeeping keeps it.
		inUse, err := s.db.PhotosInUse(ctx)
		if err != nil || !inUse[path] {
			t.Fatalf("the logo is not in use: %v %v", inUse, err)
		}
	})
}

// aheadPage is a page as the build renders it ahead (web/src/lib/store.ts): the settings as markers.
func aheadPage(lang string) string {
	m := func(key string) string { return "\ue000" + key + "\ue001" }
	claims := ""
	for i := range haat.MaxSellingPoints {
		claims += `<li data-ahead="has:store.claims.` + strconv.Itoa(i) + `"><h3>` + m("store.claims."+strconv.Itoa(i)+".title") + `</h3></li>`
	}
	return `<!doctype html><html lang="` + lang + `"><head><title>` + m("store.name") + `</title></head><body><div id="root" data-prerendered="` + lang + `">` +
		`<a aria-label="home"><span>` + m("store.name") + `</span></a><ul>` + claims + `</ul>` +
		`<p data-ahead="has:legal.grievanceOfficer.name">` + m("legal.grievanceOfficer.name") + `</p></div></body></html>`
}

// TestPagesFollowSettings: a fresh load of a page rendered ahead, or of any other page, shows the
// store as it is set now: renamed, a claim removed, in the language of the browser, with no
// rebuild; and the page carries the settings the storefront starts from.
func TestPagesFollowSettings(t *testing.T) {
	web := fstest.MapFS{
		"index.html":                {Data: []byte(`<html><head><title>` + "\ue000store.name\ue001" + ` · Fresh groceries</title></head><body><div id="root"></div></body></html>`)},
		"prerendered/en/index.html": {Data: []byte(aheadPage("en"))},
		"prerendered/ne/index.html": {Data: []byte(aheadPage("ne"))},
		"prerendered/en/home.html":  {Data: []byte(aheadPage("en"))},
	}
	eachStore(t, func(t *testing.T, s *store) {
		seller := s.seller()
		want(t, seller.post("/api/seller/settings", ourStore), 200)
		page := func(path string, lang ...string) string { return pageOf(t, s, path, lang...) }
		for _, path := range []string{"/", "/home"} {
			p := page(path)
			if !strings.Contains(p, "<title>Patan Fresh</title>") || !strings.Contains(p, "<h3>Picked daily</h3>") || !strings.Contains(p, "<h3>Fair prices</h3>") ||
				strings.Count(p, "<li ") != 2 || strings.Contains(p, "\ue000") || strings.Contains(p, "has:legal.grievanceOfficer.name") {
				t.Fatalf("%s: %s", path, p)
			}
		}
		if p := page("/", "ne"); !strings.Contains(p, "<title>पाटन फ्रेस</title>") {
			t.Fatalf("/ in Nepali: %s", p)
		}
		if p := page("/contact"); !strings.Contains(p, "<title>Patan Fresh · Fresh groceries</title>") || !strings.Contains(p, `<script type="application/json" id="haat-settings">`) {
			t.Fatalf("/contact: %s", p)
		}

		// The seller renames the store, removes a claim and names a grievance officer: the next load shows it.
		want(t, seller.post("/api/seller/settings", map[string]any{"store": map[string]any{"name": "Lele Greens", "claims": []map[string]any{{"title": "Fair prices"}}}}), 200)
		want(t, seller.post("/api/seller/settings", ourLegal), 200)
		p := page("/")
		if !strings.Contains(p, "<span>Lele Greens</span>") || strings.Contains(p, "Picked daily") || strings.Count(p, "<li ") != 1 ||
			!strings.Contains(p, `<p data-ahead="has:legal.grievanceOfficer.name">Sita Maharjan</p>`) {
			t.Fatalf("/ after the change: %s", p)
		}
		// The settings block is the settings the page was filled with.
		block := p[strings.Index(p, `id="haat-settings">`)+len(`id="haat-settings">`):]
		block = block[:strings.Index(block, "</script>")]
		var settings haat.StoreSettings
		if err := json.Unmarshal([]byte(block), &settings); err != nil || settings.Store.Name != "Lele Greens" || len(settings.Store.SellingPoints) != 1 {
			t.Fatalf("settings block %q: %v", block, err)
		}
	}, func(a *api.Server) { a.Web = web })
}
