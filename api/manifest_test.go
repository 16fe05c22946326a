package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	_ "image/png"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"haat/api"
)

// installable is a storefront as the build makes it, as far as installing it goes: the page, the
// service worker, and the real icons of web/public.
func installable(t *testing.T) fstest.MapFS {
	web := fstest.MapFS{
		"index.html": {Data: []byte(`<html><head><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>`)},
		"sw.js":      {Data: []byte(`(function(){self.addEventListener("fetch",()=>{})})();`)},
	}
	for _, icon := range []string{"icon-192.png", "icon-512.png", "icon-maskable-512.png", "apple-touch-icon.png"} {
		b, err := os.ReadFile("../web/public/" + icon)
		if err != nil {
			t.Fatal(err)
		}
		web[icon] = &fstest.MapFile{Data: b}
	}
	return web
}

// TestInstallable: the storefront carries what a phone needs to install it: a web app manifest
// named after the store as the seller set it, whose icons are PNGs of the sizes it says, and a
// service worker served from the top, revalidated at every load and never the page in its place.
func TestInstallable(t *testing.T) {
	web := installable(t)
	eachStore(t, func(t *testing.T, s *store) {
		type manifest struct {
			Name            string `json:"name"`
			ShortName       string `json:"short_name"`
			StartURL        string `json:"start_url"`
			Scope           string `json:"scope"`
			Display         string `json:"display"`
			ThemeColor      string `json:"theme_color"`
			BackgroundColor string `json:"background_color"`
			Lang            string `json:"lang"`
			Icons           []struct{ Src, Sizes, Type, Purpose string }
		}
		read := func() (manifest, *http.Response) {
			t.Helper()
			res := rawGet(t, s.server.URL+"/manifest.webmanifest")
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/manifest+json" || res.Header.Get("Cache-Control") != "no-cache" {
				t.Fatalf("manifest: %d %v %s", res.StatusCode, res.Header, body)
			}
			var m manifest
			if err := json.Unmarshal(body, &m); err != nil {
				t.Fatal(err)
			}
			return m, res
		}

		// A store with no name yet is named by its address.
		if m, _ := read(); m.Name != "127.0.0.1" {
			t.Fatalf("unnamed store's manifest: %+v", m)
		}
		seller := s.seller()
		want(t, seller.post("/api/seller/settings", ourStore), 200)
		m, res := read()
		if m.Name != "Patan Fresh" || m.ShortName != "Patan Fresh" || m.StartURL != "/" || m.Scope != "/" || m.Display != "standalone" ||
			m.ThemeColor != "#15803d" || m.BackgroundColor != "#fafaf9" || m.Lang != "en" {
			t.Fatalf("manifest: %+v", m)
		}
		// Unchanged, it is not sent again.
		if again := rawGet(t, s.server.URL+"/manifest.webmanifest", "If-None-Match", res.Header.Get("ETag")); again.StatusCode != http.StatusNotModified {
			t.Fatalf("revalidated manifest: %d", again.StatusCode)
		}
		// Renamed, the next load carries the new name, the home screen's shorter.
		want(t, seller.post("/api/seller/settings", map[string]any{"store": map[string]any{"name": "Kathmandu Fresh Mart"}}), 200)
		if again := rawGet(t, s.server.URL+"/manifest.webmanifest", "If-None-Match", res.Header.Get("ETag")); again.StatusCode != 200 {
			t.Fatalf("renamed store's manifest: %d", again.StatusCode)
		}
		if m, _ := read(); m.Name != "Kathmandu Fresh Mart" || m.ShortName != "Kathmandu" {
			t.Fatalf("renamed: %+v", m)
		}

		// Its icons are PNGs of the sizes it says, a 192 and a 512 among them, one a launcher may cut to shape.
		sizes, maskable := map[string]bool{}, false
		for _, icon := range m.Icons {
			res := rawGet(t, s.server.URL+icon.Src)
			body, _ := io.ReadAll(res.Body)
			cfg, format, err := image.DecodeConfig(bytes.NewReader(body))
			if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || icon.Type != "image/png" || err != nil || format != "png" ||
				icon.Sizes != fmt.Sprintf("%dx%d", cfg.Width, cfg.Height) {
				t.Fatalf("icon %+v: %d %v %v %dx%d", icon, res.StatusCode, res.Header, err, cfg.Width, cfg.Height)
			}
			sizes[icon.Sizes] = true
			maskable = maskable || icon.Purpose == "maskable"
		}
		if !sizes["192x192"] || !sizes["512x512"] || !maskable {
			t.Fatalf("icons: %+v", m.Icons)
		}

		// The service worker is the script, revalidated at every load, never the page.
		res = rawGet(t, s.server.URL+"/sw.js")
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-cache" || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") ||
			!strings.HasPrefix(string(body), "(function(){") {
			t.Fatalf("sw.js: %d %v %s", res.StatusCode, res.Header, body)
		}
		// Pages link the manifest, and the content policy lets the worker and the manifest load.
		res = rawGet(t, s.server.URL+"/home")
		body, _ = io.ReadAll(res.Body)
		if !strings.Contains(string(body), `<link rel="manifest" href="/manifest.webmanifest">`) || !strings.Contains(res.Header.Get("Content-Security-Policy"), "default-src 'self'") {
			t.Fatalf("page: %v %s", res.Header, body)
		}
		req, _ := http.NewRequest("POST", s.server.URL+"/manifest.webmanifest", nil)
		if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusMethodNotAllowed {
			t.Fatalf("POST manifest: %v %v", res, err)
		}
	}, func(a *api.Server) { a.Web = web })
}
