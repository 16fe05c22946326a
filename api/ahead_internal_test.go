package api

import (
	"strings"
	"testing"

	"haat"
)

// TestFillPage: a page built with markers shows the current settings, escaped, without the
// elements they do not show, and carries them as its JSON block.
func TestFillPage(t *testing.T) {
	m := func(key string) string { return markerOpen + key + markerClose }
	page := `<html><head><title>` + m("store.name") + `</title></head><body><div id="root">` +
		`<img data-ahead="has:store.logo" src="` + m("store.logo") + `"><svg data-ahead="not:store.logo"><path></path></svg>` +
		`<ul><li data-ahead="has:store.claims.0"><h3>` + m("store.claims.0.title") + `</h3><ul><li>x</li></ul></li>` +
		`<li data-ahead="has:store.claims.1"><h3>` + m("store.claims.1.title") + `</h3></li></ul>` +
		`<p data-ahead="has:deliverySlots">slots</p><p data-ahead="has:store.promise">` + m("store.promise") + `</p>` +
		`<p>` + m("legal.grievanceOfficer.name") + `</p><div data-ahead="has:store.social"><h2>Follow Us</h2></div></div></body></html>`
	s := haat.NewStoreSettings()
	s.Store.Name, s.Store.NameNe = "Ram & Sita's <Shop>", "राम सीता"
	s.Store.SellingPoints = []haat.SellingPoint{{Title: "Fresh"}}
	s.Legal.GrievanceOfficer.Name = "Sita"
	for _, tc := range []struct {
		lang haat.Language
		want string
	}{
		{haat.English, `<html><head><title>Ram &amp; Sita&#39;s &lt;Shop&gt;</title>`},
		{haat.Nepali, `<html><head><title>राम सीता</title>`},
	} {
		out, err := fillPage([]byte(page), s, tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		got := string(out)
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: %s", tc.lang, got)
		}
		body := got[strings.Index(got, "<body>"):]
		wantBody := `<body><div id="root"><svg data-ahead="not:store.logo"><path></path></svg>` +
			`<ul><li data-ahead="has:store.claims.0"><h3>Fresh</h3><ul><li>x</li></ul></li></ul><p>Sita</p></div></body></html>`
		if body != wantBody {
			t.Errorf("%s body:\n%s\nwant\n%s", tc.lang, body, wantBody)
		}
		if !strings.Contains(got, `<script type="application/json" id="haat-settings">{"delivery":null`) || strings.Contains(got, markerOpen) {
			t.Errorf("%s: no settings block or a marker left: %s", tc.lang, got)
		}
	}
	// A claim's text cannot close the JSON block.
	s.Store.SellingPoints[0].Text = "</script><script>alert(1)</script>"
	out, _ := fillPage([]byte(page), s, haat.English)
	if strings.Count(string(out), "</script>") != 1 {
		t.Fatalf("the settings block was closed early: %s", out)
	}
}
