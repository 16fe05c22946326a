package api

import (
	"net/http"
	"strings"
)

// router finds the handler of a request. The API's routes whose path has no wildcard are looked
// up by their path in a map, and the method compared; every other request goes to the mux.
// http.ServeMux cleans the path and walks its tree of patterns on every request, a seventh of the
// store's own work on an answer from memory, and would choose the same route: a pattern of a
// method and a path with no wildcard is the most specific of all that match its requests
// (TestRouterChoosesAsServeMux).
type router struct {
	mux *http.ServeMux
	// exact are the routes with no wildcard, by path.
	exact map[string][]exactRoute
}

// exactRoute is a route whose path has no wildcard.
type exactRoute struct {
	method, pattern string
	handler         http.Handler
}

func newRouter() *router {
	return &router{mux: http.NewServeMux(), exact: map[string][]exactRoute{}}
}

// handle adds a route of a method and a path to the mux, and to exact when the path has no
// wildcard and is no subtree (it does not end in '/').
func (rt *router) handle(pattern string, h http.Handler) {
	rt.mux.Handle(pattern, h)
	method, path, ok := strings.Cut(pattern, " ")
	if !ok || method == "" || !strings.HasPrefix(path, "/") || strings.HasSuffix(path, "/") || strings.Contains(path, "{") {
		return
	}
	rt.exact[path] = append(rt.exact[path], exactRoute{method: method, pattern: pattern, handler: h})
}

// find is the route of exact the request asks for, if any. A path sent with escapes (RawPath) is
// left to the mux, which matches it segment by segment as it was sent; so are HEAD requests to a
// GET route, and paths to be cleaned, which are in no route.
func (rt *router) find(r *http.Request) (exactRoute, bool) {
	if r.URL.RawPath == "" {
		for _, e := range rt.exact[r.URL.Path] {
			if e.method == r.Method {
				return e, true
			}
		}
	}
	return exactRoute{}, false
}

func (rt *router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if e, ok := rt.find(r); ok {
		// As the mux does: the metrics and the logs read the route's pattern.
		r.Pattern = e.pattern
		e.handler.ServeHTTP(w, r)
		return
	}
	rt.mux.ServeHTTP(w, r)
}
