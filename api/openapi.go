package api

import (
	_ "embed"
	"net/http"
	"sync"
)

// openAPIDocument is the API's OpenAPI 3.1 description, written from the route table and its
// shapes (Routes) by `go generate ./...` (cmd/tsgen); a test fails while it is stale.
//
//go:embed openapi.json
var openAPIDocument []byte

// openAPIAnswer is the description made ready once: compressed, with its entity tag.
var openAPIAnswer = sync.OnceValue(func() *prepared {
	b := openAPIDocument
	return &prepared{body: b, contentType: "application/json", etag: etagOf(b), gz: compressGzip(b), br: compressBrotli(b)}
})

// openAPI answers the API's OpenAPI description: revalidated on every use (Cache-Control:
// no-cache), 304 when the client has it already.
func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "no-cache")
	openAPIAnswer().serve(w, r)
	return nil
}
