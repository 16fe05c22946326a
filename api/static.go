package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"
	"time"

	"haat"
	"haat/storefront"
)

// static serves the storefront: hashed assets as immutable, index.html for every page route.
// A path that is no page of the storefront gets index.html too (the app shows its not-found
// page) but with status 404, so that search engines and links checkers see the truth.
type static struct {
	files map[string]*prepared
	// productExists answers whether a product id is in the catalogue; nil takes every id as known.
	productExists func(ctx context.Context, id string) (bool, error)
	// settings holds the store's settings, which every page is filled with (see fillPage); its
	// read is nil to serve the pages as built.
	settings settingsSnapshot
	filled   filledPages
	// ahead draws the first products of the pages with a list into them; nil serves them without.
	ahead  *aheadSource
	logger *slog.Logger
}

// isPage reports whether the cleaned path name is a page of the storefront: one of storefront.Pages,
// whose category, when it names one, exists (any case), whose order number is a number, and whose
// product, on a product's page, is in the catalogue.
func (s *static) isPage(r *http.Request, name string) bool {
	page, params, ok := storefront.Match(name)
	if !ok {
		return false
	}
	if category, ok := params["category"]; ok && (haat.CanonicalCategory(category) == "" || category != strings.TrimSpace(category)) {
		return false
	}
	if number, ok := params["number"]; ok {
		if _, err := haat.ParseOrderNumber(number); err != nil || strings.HasPrefix(number, "#") {
			return false
		}
	}
	if page.Name != "product" || s.productExists == nil {
		return true
	}
	found, err := s.productExists(r.Context(), params["id"])
	if err != nil {
		// The page itself will say what it can; a database hiccup is not a missing page.
		s.logger.Error("product lookup for page", "path", name, "err", err)
		return true
	}
	return found
}

// fixedPage reports whether the cleaned path name is, exactly, the path of a page without
// parameters ("/home"), as a page rendered ahead is named.
func fixedPage(name string) bool {
	for _, p := range storefront.Pages {
		if p.Pattern == name && !strings.Contains(p.Pattern, ":") {
			return true
		}
	}
	return false
}

// serviceWorker is the storefront's service worker (web/src/sw), which the build writes beside
// index.html: it must be served from the top so that its scope is the whole store.
const serviceWorker = "/sw.js"

// compressible says which files are worth gzipping.
func compressible(contentType string) bool {
	for _, p := range []string{"text/", "application/javascript", "application/json", "image/svg+xml", "application/manifest+json"} {
		if strings.HasPrefix(contentType, p) {
			return true
		}
	}
	return false
}

// newStatic reads the whole built storefront once at start-up. The build writes a brotli and a
// gzip copy beside each file worth compressing (name.br, name.gz), which are served as those
// forms of the file; a file built without them is gzipped here.
func newStatic(web fs.FS) *static {
	s := &static{files: map[string]*prepared{}}
	read := func(name string) []byte {
		b, err := fs.ReadFile(web, name)
		if err != nil {
			return nil
		}
		return b
	}
	fs.WalkDir(web, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if base, ok := compressedCopyOf(name); ok {
			if _, err := fs.Stat(web, base); err == nil {
				return nil // a form of base, read with it
			}
		}
		body, err := fs.ReadFile(web, name)
		if err != nil {
			return err
		}
		a := &prepared{body: body, etag: etagOf(body), br: read(name + ".br"), gz: read(name + ".gz")}
		if a.contentType = mime.TypeByExtension(path.Ext(name)); a.contentType == "" {
			a.contentType = http.DetectContentType(body)
		}
		if a.gz == nil && compressible(a.contentType) && len(body) > 512 {
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			zw.Write(body)
			zw.Close()
			if buf.Len() < len(body) {
				a.gz = buf.Bytes()
			}
		}
		s.files["/"+name] = a
		return nil
	})
	return s
}

// compressedCopyOf returns the name of the file that name is the brotli or gzip copy of.
func compressedCopyOf(name string) (string, bool) {
	for _, ext := range []string{".br", ".gz"} {
		if base, ok := strings.CutSuffix(name, ext); ok {
			return base, true
		}
	}
	return "", false
}

func (s *static) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := path.Clean(r.URL.Path)
	a, found := s.files[name]
	switch {
	case found && strings.HasPrefix(name, "/assets/"):
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	case found && name == serviceWorker:
		// Asked for again at every visit, so that a new release takes over at the next load.
		w.Header().Set("Cache-Control", "no-cache")
	case found && name != "/index.html":
		w.Header().Set("Cache-Control", "public, max-age=86400")
	case path.Ext(name) != "" && name != "/index.html":
		// A missing file is a 404, never the page: a stale script must not get HTML.
		http.NotFound(w, r)
		return
	default:
		// Page routes of the single-page app all get index.html, which is never cached.
		if a = s.files["/index.html"]; a == nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		file := "/index.html"
		if ahead, aheadName := s.renderedAhead(w, r, name); ahead != nil {
			a, file = ahead, aheadName
		}
		a = s.fill(w, r, file, a)
		a = s.fillList(r, name, a)
		if file == "/index.html" && name != "/index.html" && !s.isPage(r, name) {
			s.write(w, r, a, http.StatusNotFound)
			return
		}
	}
	s.write(w, r, a, http.StatusOK)
}

// fill is the page a, the file name, filled with the store's current settings in the language of
// the browser's cookie; as built when the settings cannot be read (logged), so that a page still
// shows.
func (s *static) fill(w http.ResponseWriter, r *http.Request, name string, a *prepared) *prepared {
	if s.settings.read == nil {
		return a
	}
	if !slices.Contains(w.Header().Values("Vary"), "Cookie") {
		w.Header().Add("Vary", "Cookie") // the store's name is written in the cookie's language
	}
	settings, version, err := s.settings.get(r.Context())
	if err == nil {
		var filled *prepared
		if filled, err = s.filled.page(name, a, settings, version, cookieLanguage(r)); err == nil {
			return filled
		}
	}
	s.logger.Error("page filled with the settings", "path", name, "err", err)
	return a
}

// fillList is the page a, at the cleaned path name, with the first products of its list drawn
// into it (see aheadSource); as it is for a page without a list, or when the catalogue cannot be
// read (logged): the page's code then asks for them.
func (s *static) fillList(r *http.Request, name string, a *prepared) *prepared {
	if s.ahead == nil || !bytes.Contains(a.body, []byte(cardsMarker)) {
		return a // a page with no place for products: no catalogue read, no copy kept
	}
	page, params, ok := storefront.Match(name)
	if !ok {
		return a
	}
	l, ok := listOf(page, params, r.URL.Query())
	if !ok {
		return a
	}
	snap, err := s.ahead.snapshot(r.Context())
	if err == nil {
		lang := cookieLanguage(r)
		key := "list\x00" + a.etag + "\x00" + string(lang) + "\x00" + l.path + "\x00" + l.product + "\x00" + snapshotKey(snap)
		var filled *prepared
		if filled, err = s.filled.made(key, a.contentType, func() ([]byte, error) { return s.ahead.fillList(a.body, snap, l, lang) }); err == nil {
			return filled
		}
	}
	s.logger.Error("page filled with its products", "path", name, "err", err)
	return a
}

// cookieLanguage is the language of the browser's cookie, English without one.
func cookieLanguage(r *http.Request) haat.Language {
	if c, err := r.Cookie(languageCookie); err == nil {
		if l, err := haat.ParseLanguage(c.Value); err == nil {
			return l
		}
	}
	return haat.English
}

// languageCookie is the language the storefront shows, as the browser keeps it for the server.
const languageCookie = "haat_lang"

// renderedAhead is the page at the cleaned path name as the build rendered it ahead
// (prerendered/<language><name>.html, index for /), in the language of the browser's cookie, English
// without one, and the name of its file; nil for a page the build did not render. It says that the
// answer varies by cookie.
func (s *static) renderedAhead(w http.ResponseWriter, r *http.Request, name string) (*prepared, string) {
	switch page, params, _ := storefront.Match(name); {
	case page.Name == "category":
		// A category's page is built ahead under its path in lower case, and shown at any case.
		c := haat.CanonicalCategory(params["category"])
		if c == "" || params["category"] != strings.TrimSpace(params["category"]) {
			return nil, ""
		}
		name = "/products/" + strings.ToLower(string(c))
	case page.Name == "product":
		// Every product's page is built ahead once, its product drawn in by the server (cards.go);
		// a product not in the catalogue gets index.html, with its 404.
		if !s.isPage(r, name) {
			return nil, ""
		}
		name = "/product"
	case !fixedPage(name):
		return nil, "" // /index, say, is no page, though the landing page's file is named so
	case name == "/":
		name = "/index"
	}
	file := "/prerendered/" + string(cookieLanguage(r)) + name + ".html"
	a := s.files[file]
	if a != nil {
		w.Header().Add("Vary", "Cookie")
	}
	return a, file
}

// write answers a file, compressed when the client takes brotli or gzip; a 200 answers conditional and
// range requests too, another status sends the whole file with that status.
func (s *static) write(w http.ResponseWriter, r *http.Request, a *prepared, status int) {
	f := a.setHeader(w, r)
	h := w.Header()
	if status != http.StatusOK {
		h["Content-Length"] = f.length
		w.WriteHeader(status)
		if r.Method != http.MethodHead {
			w.Write(f.body)
		}
		return
	}
	h["Etag"] = f.etag
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(f.body))
}
