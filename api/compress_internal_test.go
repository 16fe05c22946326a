package api

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestCompress(t *testing.T) {
	big := `{"products":[` + strings.Repeat(`{"name":"Jumla Red Rice","price":295},`, 60) + `{}],"success":true}` + "\n"
	small := `{"success":true}` + "\n"
	jsonAnswer := func(status int, body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(status)
			io.WriteString(w, body[:len(body)/2]) // in two writes
			io.WriteString(w, body[len(body)/2:])
		}
	}
	csvStream := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		io.WriteString(w, "Number,Status\n")
		http.NewResponseController(w).Flush()
		io.WriteString(w, "1,Delivered\n")
	}
	for _, c := range []struct {
		name, accept, method string
		handler              http.HandlerFunc
		gzipped, vary        bool
		body                 string
	}{
		{"large JSON", "gzip, deflate, br", "GET", jsonAnswer(200, big), true, true, big},
		{"large JSON, gzip refused", "gzip;q=0, br", "GET", jsonAnswer(200, big), false, true, big},
		{"large JSON, no Accept-Encoding", "", "GET", jsonAnswer(200, big), false, true, big},
		{"small JSON", "gzip", "GET", jsonAnswer(200, small), false, false, small},
		{"large error", "gzip", "GET", jsonAnswer(409, big), false, false, big},
		{"HEAD", "gzip", "HEAD", jsonAnswer(200, big), false, false, ""},
		{"streamed CSV", "gzip", "GET", csvStream, true, true, "Number,Status\n1,Delivered\n"},
		{"HTML", "gzip", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, big)
		}, false, false, big},
		{"coded by the handler", "gzip", "GET", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Vary", "Accept-Encoding")
			io.WriteString(w, big)
		}, false, true, big},
		{"nothing written", "gzip", "GET", func(w http.ResponseWriter, r *http.Request) {}, false, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := httptest.NewServer(compress(c.handler))
			defer srv.Close()
			req, _ := http.NewRequest(c.method, srv.URL, nil)
			req.Header.Set("Accept-Encoding", c.accept)
			res, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var body io.Reader = res.Body
			if gzipped := res.Header.Get("Content-Encoding") == "gzip"; gzipped != c.gzipped {
				t.Fatalf("Content-Encoding %q", res.Header.Get("Content-Encoding"))
			} else if gzipped {
				if body, err = gzip.NewReader(res.Body); err != nil {
					t.Fatal(err)
				}
			}
			got, err := io.ReadAll(body)
			if err != nil || string(got) != c.body {
				t.Fatalf("body %q (%v), want %q", got, err, c.body)
			}
			if vary := res.Header.Values("Vary"); (len(vary) > 0) != c.vary || len(vary) > 1 {
				t.Fatalf("Vary %q", vary)
			}
			if c.name == "large error" && (res.StatusCode != 409 || res.Header.Get("Cache-Control") != "no-store") {
				t.Fatalf("error answer changed: %d %v", res.StatusCode, res.Header)
			}
		})
	}
}

// BenchmarkCompressedAnswer measures a 30 kB JSON answer gzipped with a pooled writer.
func BenchmarkCompressedAnswer(b *testing.B) {
	body := []byte(`{"products":[` + strings.Repeat(`{"name":"Jumla Red Rice","price":295,"image":["/media/a.webp"]},`, 500) + `{}]}`)
	h := compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	}))
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		w.Body = bytes.NewBuffer(make([]byte, 0, 4096))
		h.ServeHTTP(w, req)
	}
}
