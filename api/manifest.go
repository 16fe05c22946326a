package api

import (
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"haat"
)

// webManifest is the web app manifest: what a phone needs to install the storefront as an app of
// its own (its name, icons and colours), written from the store's settings so that the app
// carries the shop's name, not the software's.
type webManifest struct {
	ID              string         `json:"id"`
	Name            string         `json:"name"`
	ShortName       string         `json:"short_name"`
	Description     string         `json:"description,omitempty"`
	Lang            string         `json:"lang"`
	StartURL        string         `json:"start_url"`
	Scope           string         `json:"scope"`
	Display         string         `json:"display"`
	ThemeColor      string         `json:"theme_color"`
	BackgroundColor string         `json:"background_color"`
	Categories      []string       `json:"categories"`
	Icons           []manifestIcon `json:"icons"`
}

// manifestIcon is one of the manifest's icons: files of the built storefront (web/public).
type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose"`
}

// The storefront's colours, as its pages show them: the brand green of the bar and the off-white
// of the page (web/index.html's theme-color, Tailwind's stone-50).
const (
	themeColor      = "#15803d"
	backgroundColor = "#fafaf9"
)

// manifestIcons are the icons the build ships: a rounded one for launchers that show icons as
// they are, and a full-bleed one that launchers cut to their own shape (its picture within the
// middle 80%).
var manifestIcons = []manifestIcon{
	{Src: "/icon-192.png", Sizes: "192x192", Type: "image/png", Purpose: "any"},
	{Src: "/icon-512.png", Sizes: "512x512", Type: "image/png", Purpose: "any"},
	{Src: "/icon-maskable-512.png", Sizes: "512x512", Type: "image/png", Purpose: "maskable"},
}

// shortNameMax is the length of the name a phone's home screen shows under the icon without
// cutting it.
const shortNameMax = 12

// shortName is the name under the icon on a home screen: the store's name when it fits, else its
// first word when that fits, else the name cut to shortNameMax characters.
func shortName(name string) string {
	if utf8.RuneCountInString(name) <= shortNameMax {
		return name
	}
	if first, _, _ := strings.Cut(name, " "); utf8.RuneCountInString(first) <= shortNameMax {
		return first
	}
	return strings.TrimSpace(string([]rune(name)[:shortNameMax]))
}

// manifest answers GET /manifest.webmanifest: the web app manifest with the store's name as it is
// set now. The browser fetches it without cookies, so it is in English, the store's first
// language. A store that has no name yet is named by its address.
func (s *Server) manifest(w http.ResponseWriter, r *http.Request) {
	var store haat.StoreDetails
	if s.pages.settings.read != nil {
		settings, _, err := s.pages.settings.get(r.Context())
		if err != nil {
			s.Logger.Error("manifest: store settings", "err", err)
			http.Error(w, "Something went wrong", http.StatusInternalServerError)
			return
		}
		store = settings.Store
	}
	name := strings.TrimSpace(store.DisplayName(haat.English))
	if name == "" {
		name = r.Host
		if host, _, err := net.SplitHostPort(r.Host); err == nil {
			name = host
		}
	}
	body, err := json.Marshal(webManifest{
		ID: "/", Name: name, ShortName: shortName(name), Description: store.Tagline, Lang: string(haat.English),
		StartURL: "/", Scope: "/", Display: "standalone", ThemeColor: themeColor, BackgroundColor: backgroundColor,
		Categories: []string{"food", "shopping"}, Icons: manifestIcons,
	})
	if err != nil {
		s.Logger.Error("manifest", "err", err)
		http.Error(w, "Something went wrong", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/manifest+json")
	// Revalidated on every use, so that a renamed store shows at the next visit; unchanged, it is a 304.
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", etagOf(body))
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}
