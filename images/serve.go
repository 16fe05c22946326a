package images

import (
	"context"
	"errors"
	_ "image/gif" // registers the GIF decoder
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"gocloud.dev/gcerrors"
)

const cacheControl = "public, max-age=31536000, immutable"

// ServeHTTP serves GET and HEAD of /media/uploads/{name}. Names are never reused, so answers are
// cached for a year.
func (s *Store) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	key, found := strings.CutPrefix(r.URL.Path, URLPrefix)
	if !found || !validKey(key) {
		http.NotFound(w, r)
		return
	}
	if r.Header.Get("If-None-Match") == `"`+key+`"` {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	rd, err := s.bucket.NewReader(r.Context(), key, nil)
	if gcerrors.Code(err) == gcerrors.NotFound && strings.Contains(key, "-") {
		// A photo stored before this size of variant existed: made once, on first demand.
		if err = s.derive(r.Context(), key); err == nil {
			rd, err = s.bucket.NewReader(r.Context(), key, nil)
		}
	}
	if gcerrors.Code(err) == gcerrors.NotFound {
		http.NotFound(w, r)
		return
	} else if err != nil {
		// The bucket away: the page shows the photo's place empty, and the browser asks again.
		w.Header().Set("Retry-After", "10")
		w.Header().Set("Cache-Control", "no-store")
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
		return
	}
	defer rd.Close()
	h := w.Header()
	h.Set("Content-Type", rd.ContentType())
	h.Set("Content-Length", strconv.FormatInt(rd.Size(), 10))
	h.Set("Cache-Control", cacheControl)
	h.Set("ETag", `"`+key+`"`)
	if r.Method == http.MethodHead {
		return
	}
	if _, err := io.Copy(w, rd); err != nil && !errors.Is(err, context.Canceled) {
		return
	}
}

// validKey accepts only names Save makes: id, optional -size, .jpg or .png.
func validKey(key string) bool {
	name, ext, ok := strings.Cut(key, ".")
	if !ok || (ext != "jpg" && ext != "png") {
		return false
	}
	id, size, sized := strings.Cut(name, "-")
	if sized && !slices.ContainsFunc(Sizes, func(n int) bool { return strconv.Itoa(n) == size }) {
		return false
	}
	if len(id) != 26 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}
