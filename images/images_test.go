package images_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haat"
	"haat/images"
)

var ctx = context.Background()

func open(t *testing.T) (*images.Store, string) {
	t.Helper()
	dir := t.TempDir()
	s, err := images.Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dir
}

func picture(w, h int, alpha uint8) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{uint8(x), uint8(y), 120, alpha})
		}
	}
	return img
}

func encoded(t *testing.T, format string, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	var err error
	switch format {
	case "png":
		err = png.Encode(&buf, img)
	case "jpeg":
		err = jpeg.Encode(&buf, img, nil)
	case "gif":
		err = gif.Encode(&buf, img, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// webpLossless is a 1×1 lossless WebP.
var webpLossless = []byte{
	0x52, 0x49, 0x46, 0x46, 0x1a, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c,
	0x0d, 0x00, 0x00, 0x00, 0x2f, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00,
}

func get(t *testing.T, s *images.Store, path string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	return rec
}

func wantInvalid(t *testing.T, err error, msg string) {
	t.Helper()
	if haat.ErrorCode(err) != haat.EINVALID || !strings.Contains(haat.ErrorMessage(err), msg) {
		t.Fatalf("err = %v, want invalid %q", err, msg)
	}
}

func TestFormatsAcceptedAndServed(t *testing.T) {
	s, _ := open(t)
	for _, tc := range []struct {
		name, contentType string
		data              []byte
	}{
		{"jpeg", "image/jpeg", encoded(t, "jpeg", picture(64, 48, 255))},
		{"png opaque", "image/jpeg", encoded(t, "png", picture(64, 48, 255))},
		{"png transparent", "image/png", encoded(t, "png", picture(64, 48, 100))},
		{"gif", "image/jpeg", encoded(t, "gif", picture(32, 32, 255))},
		{"webp", "", webpLossless},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url, err := s.Save(ctx, bytes.NewReader(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			rec := get(t, s, url)
			if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "image/") ||
				(tc.contentType != "" && rec.Header().Get("Content-Type") != tc.contentType) {
				t.Fatalf("GET %s: %d %q", url, rec.Code, rec.Header().Get("Content-Type"))
			}
			if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "immutable") {
				t.Fatalf("Cache-Control = %q", cc)
			}
			if _, _, err := image.Decode(rec.Body); err != nil {
				t.Fatalf("served bytes are no image: %v", err)
			}
			thumb := strings.Replace(url, ".", "-400.", 1)
			if rec := get(t, s, thumb); rec.Code != 200 {
				t.Fatalf("thumbnail %s: %d", thumb, rec.Code)
			}
		})
	}
}

func TestRejectedByContent(t *testing.T) {
	s, dir := open(t)
	_, err := s.Save(ctx, strings.NewReader("this is a text file called photo.jpg"))
	wantInvalid(t, err, "JPEG, PNG, WebP or GIF")
	_, err = s.Save(ctx, bytes.NewReader([]byte("<svg xmlns='http://www.w3.org/2000/svg'/>")))
	wantInvalid(t, err, "JPEG, PNG, WebP or GIF")

	big := make([]byte, images.MaxBytes+10)
	copy(big, encoded(t, "png", picture(4, 4, 255)))
	_, err = s.Save(ctx, bytes.NewReader(big))
	wantInvalid(t, err, "5 MB")

	// A PNG whose header claims 10000×5000 pixels: refused from the header, never decoded.
	_, err = s.Save(ctx, bytes.NewReader(pngHeader(10000, 5000)))
	wantInvalid(t, err, "40 megapixels")

	truncated := encoded(t, "jpeg", picture(64, 64, 255))
	_, err = s.Save(ctx, bytes.NewReader(truncated[:len(truncated)-len(truncated)/4]))
	wantInvalid(t, err, "damaged")

	if entries, _ := os.ReadDir(filepath.Join(dir, "uploads")); len(entries) != 0 {
		t.Fatalf("rejected uploads left %d files", len(entries))
	}
}

// pngHeader returns a PNG signature and IHDR chunk declaring w×h, and nothing else.
func pngHeader(w, h uint32) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk := append([]byte("IHDR"), ihdr...)
	var b bytes.Buffer
	b.Write([]byte("\x89PNG\r\n\x1a\n"))
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

func TestMetadataStripped(t *testing.T) {
	s, _ := open(t)
	jpg := encoded(t, "jpeg", picture(40, 40, 255))
	exif := append([]byte{0xFF, 0xE1, 0x00, 0x16}, []byte("Exif\x00\x00GPS 27.7172N 85.3240E")...)
	withExif := append(append(append([]byte{}, jpg[:2]...), exif...), jpg[2:]...)
	if !bytes.Contains(withExif, []byte("GPS")) {
		t.Fatal("fixture has no metadata")
	}
	url, err := s.Save(ctx, bytes.NewReader(withExif))
	if err != nil {
		t.Fatal(err)
	}
	body := get(t, s, url).Body.Bytes()
	if bytes.Contains(body, []byte("Exif")) || bytes.Contains(body, []byte("GPS")) {
		t.Fatal("metadata kept in the stored image")
	}
}

func TestResized(t *testing.T) {
	s, _ := open(t)
	url, err := s.Save(ctx, bytes.NewReader(encoded(t, "png", picture(2400, 1600, 255))))
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]image.Point{url: {1200, 800}, strings.Replace(url, ".", "-400.", 1): {400, 267}} {
		cfg, _, err := image.DecodeConfig(get(t, s, path).Body)
		if err != nil || cfg.Width != want.X || cfg.Height != want.Y {
			t.Fatalf("%s: %dx%d, %v; want %v", path, cfg.Width, cfg.Height, err, want)
		}
	}
	small, _ := s.Save(ctx, bytes.NewReader(encoded(t, "png", picture(50, 30, 255))))
	if cfg, _, _ := image.DecodeConfig(get(t, s, small).Body); cfg.Width != 50 {
		t.Fatalf("small image enlarged to %d", cfg.Width)
	}
}

func TestServeRefusesOtherPaths(t *testing.T) {
	s, dir := open(t)
	os.WriteFile(filepath.Join(dir, "haat.db"), []byte("secret"), 0o644)
	for _, path := range []string{
		"/media/uploads/../haat.db", "/media/uploads/%2e%2e/haat.db", "/media/uploads/abcdefghijklmnopqrstuvwxyz.jpg",
		"/media/uploads/", "/media/uploads/x.gif", "/media/uploads/abcdefghijklmnopqrstuvwxyz-9.jpg",
	} {
		if rec := get(t, s, path); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, rec.Code)
		}
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("DELETE", "/media/uploads/abcdefghijklmnopqrstuvwxyz.jpg", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("DELETE = %d", rec.Code)
	}
}

func TestSaveAllStoresNothingWhenOneIsBad(t *testing.T) {
	s, dir := open(t)
	good := encoded(t, "png", picture(20, 20, 255))
	_, err := s.SaveAll(ctx, []io.Reader{bytes.NewReader(good), strings.NewReader("not a picture")})
	wantInvalid(t, err, "Image 2: Images must be JPEG, PNG, WebP or GIF")
	if entries, _ := os.ReadDir(filepath.Join(dir, "uploads")); len(entries) != 0 {
		t.Fatalf("%d files stored for a refused upload", len(entries))
	}
	urls, err := s.SaveAll(ctx, []io.Reader{bytes.NewReader(good), bytes.NewReader(good)})
	if err != nil || len(urls) != 2 || urls[0] == urls[1] {
		t.Fatalf("SaveAll = %v, %v", urls, err)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "uploads"))
	images := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".attrs") { // the folder bucket keeps attributes beside each file
			images++
		}
	}
	if images != 4 {
		t.Fatalf("%d files, want 2 images × 2 variants", images)
	}
}
