package images_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
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
	"time"

	"haat"
	"haat/images"
	"haat/images/imagestest"
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
	_, err = s.Save(ctx, struct{ io.Reader }{bytes.NewReader(big)})
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
	for path, want := range map[string]image.Point{url: {1200, 800}, strings.Replace(url, ".", "-800.", 1): {800, 533},
		strings.Replace(url, ".", "-400.", 1): {400, 267}, strings.Replace(url, ".", "-200.", 1): {200, 134}} {
		cfg, _, err := image.DecodeConfig(get(t, s, path).Body)
		if err != nil || cfg.Width != want.X || cfg.Height != want.Y {
			t.Fatalf("%s: %dx%d, %v; want %v", path, cfg.Width, cfg.Height, err, want)
		}
	}
	if rec := get(t, s, strings.Replace(url, ".", "-300.", 1)); rec.Code != 404 {
		t.Fatalf("a size never stored: %d", rec.Code)
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
	urls, err := s.SaveAll(ctx, []io.Reader{bytes.NewReader(good), struct{ io.Reader }{bytes.NewReader(good)}})
	if err != nil || len(urls) != 2 || urls[0] == urls[1] {
		t.Fatalf("SaveAll = %v, %v", urls, err)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "uploads"))
	stored := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".attrs") { // the folder bucket keeps attributes beside each file
			stored++
		}
	}
	if want := 2 * (1 + len(images.Sizes)); stored != want {
		t.Fatalf("%d files, want 2 images × %d variants", stored, want/2)
	}
}

// TestOlderPhotoGetsNewSizes: a photo stored before a size of variant existed gets it made from
// its full-size variant the first time it is asked for, and kept.
func TestOlderPhotoGetsNewSizes(t *testing.T) {
	s, dir := open(t)
	url, err := s.Save(ctx, bytes.NewReader(encoded(t, "jpeg", picture(1600, 1200, 255))))
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimPrefix(url, images.URLPrefix)
	small := strings.Replace(name, ".", "-200.", 1)
	for _, f := range []string{small, small + ".attrs"} {
		if err := os.Remove(filepath.Join(dir, "uploads", f)); err != nil {
			t.Fatal(err)
		}
	}
	rec := get(t, s, images.URLPrefix+small)
	cfg, _, err := image.DecodeConfig(rec.Body)
	if rec.Code != 200 || err != nil || cfg.Width != 200 || cfg.Height != 150 || rec.Header().Get("Content-Type") != "image/jpeg" {
		t.Fatalf("GET %s: %d %dx%d %v", small, rec.Code, cfg.Width, cfg.Height, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "uploads", small)); err != nil {
		t.Fatalf("the made variant is not kept: %v", err)
	}
	if rec := get(t, s, images.URLPrefix+"aaaaaaaaaaaaaaaaaaaaaaaaaa-200.jpg"); rec.Code != 404 {
		t.Fatalf("a variant of a photo never stored: %d", rec.Code)
	}
}

// jpegHeader returns a small JPEG whose frame header declares w×h.
func jpegSized(t *testing.T, w, h uint16) []byte {
	t.Helper()
	b := encoded(t, "jpeg", picture(16, 16, 255))
	i := bytes.Index(b, []byte{0xff, 0xc0})
	if i < 0 {
		t.Fatal("no SOF0 in the JPEG")
	}
	binary.BigEndian.PutUint16(b[i+5:], h)
	binary.BigEndian.PutUint16(b[i+7:], w)
	return b
}

// gifSized returns a small GIF whose screen descriptor declares w×h.
func gifSized(t *testing.T, w, h uint16) []byte {
	t.Helper()
	b := encoded(t, "gif", picture(16, 16, 255))
	binary.LittleEndian.PutUint16(b[6:], w)
	binary.LittleEndian.PutUint16(b[8:], h)
	return b
}

// webpLosslessSized returns the 1×1 lossless WebP with its VP8L header declaring w×h.
func webpLosslessSized(w, h uint32) []byte {
	b := bytes.Clone(webpLossless)
	v := binary.LittleEndian.Uint32(b[21:])
	binary.LittleEndian.PutUint32(b[21:], v&^(1<<28-1)|(w-1)|(h-1)<<14)
	return b
}

// webpExtended returns a WebP of just an extended (VP8X) header declaring a w×h canvas.
func webpExtended(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("RIFF")
	binary.Write(&b, binary.LittleEndian, uint32(4+8+10))
	b.WriteString("WEBPVP8X")
	binary.Write(&b, binary.LittleEndian, uint32(10))
	b.Write([]byte{0, 0, 0, 0, byte(w - 1), byte((w - 1) >> 8), byte((w - 1) >> 16), byte(h - 1), byte((h - 1) >> 8), byte((h - 1) >> 16)})
	return b.Bytes()
}

// busyStore is a store whose decode turns are all taken, and which waits at most a moment for
// one: an image that got past its header checks would be refused as busy.
func busyStore(t *testing.T) (*images.Store, string) {
	t.Helper()
	s, dir := open(t)
	s.MaxWait = 20 * time.Millisecond
	t.Cleanup(s.HoldTurns(t, images.DefaultDecodeSlots))
	return s, dir
}

// The attack: a 1 × 40,000,000 px PNG of under 100 KB. Decoded, it took 46 s and 7.6 GB; it is
// refused from its header, at once, without waiting for a turn to decode.
func TestTallPNGRefusedFromHeader(t *testing.T) {
	attack := imagestest.ZeroPNG(1, 40_000_000)
	if len(attack) > 100<<10 {
		t.Fatalf("the attack file is %d bytes", len(attack))
	}
	s, dir := busyStore(t)
	start := time.Now()
	_, err := s.Save(ctx, bytes.NewReader(attack))
	wantInvalid(t, err, "Each image must be at most 12,000 pixels on its longer side")
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("refusing took %v", d)
	}
	_, err = s.SaveAll(ctx, []io.Reader{bytes.NewReader(encoded(t, "png", picture(8, 8, 255))), bytes.NewReader(attack)})
	wantInvalid(t, err, "Image 2: Each image must be at most 12,000 pixels on its longer side")
	_, err = s.Save(ctx, struct{ io.Reader }{bytes.NewReader(attack)}) // a stream that cannot be read again
	wantInvalid(t, err, "Each image must be at most 12,000 pixels on its longer side")
	if entries, _ := os.ReadDir(filepath.Join(dir, "uploads")); len(entries) != 0 {
		t.Fatalf("refused uploads left %d files", len(entries))
	}
}

// Every accepted format has its size and shape checked from its header, before decoding.
func TestSizeAndShapeCheckedFromEveryHeader(t *testing.T) {
	const long, narrow = "12,000 pixels on its longer side", "20 times as long as it is wide"
	s, _ := busyStore(t)
	for name, tc := range map[string]struct {
		data []byte
		msg  string
	}{
		"png 12,001 × 1,000":        {pngHeader(12_001, 1_000), long},
		"png 1,000 × 12,001":        {pngHeader(1_000, 12_001), long},
		"png 2,100 × 100":           {pngHeader(2_100, 100), narrow},
		"png 100 × 2,001":           {pngHeader(100, 2_001), narrow},
		"png 0 × 100":               {pngHeader(0, 100), "JPEG, PNG, WebP or GIF"},
		"jpeg 13,000 × 1,000":       {jpegSized(t, 13_000, 1_000), long},
		"jpeg 1 × 60,000":           {jpegSized(t, 1, 60_000), long},
		"jpeg 2,100 × 100":          {jpegSized(t, 2_100, 100), narrow},
		"gif 30,000 × 1":            {gifSized(t, 30_000, 1), long},
		"gif 100 × 2,100":           {gifSized(t, 100, 2_100), narrow},
		"webp lossless 16,000 × 1":  {webpLosslessSized(16_000, 1), long},
		"webp lossless 2,100 × 100": {webpLosslessSized(2_100, 100), narrow},
		"webp extended 1 × 40M":     {webpExtended(1, 40_000_000), long},
		"webp extended 3,000 × 100": {webpExtended(3_000, 100), narrow},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := s.Save(ctx, bytes.NewReader(tc.data))
			wantInvalid(t, err, tc.msg)
		})
	}
}

// Long and narrow pictures within the limits are accepted and fitted into 1200 px.
func TestLongPicturesWithinLimits(t *testing.T) {
	s, _ := open(t)
	for _, tc := range []struct{ w, h, fullW, fullH int }{
		{12_000, 1_000, 1200, 100}, // 12:1, 12 megapixels
		{2_000, 100, 1200, 60},     // exactly 20:1
		{100, 2_000, 60, 1200},
	} {
		img := image.NewGray(image.Rect(0, 0, tc.w, tc.h))
		url, err := s.Save(ctx, bytes.NewReader(encoded(t, "png", img)))
		if err != nil {
			t.Fatalf("%d×%d: %v", tc.w, tc.h, err)
		}
		cfg, _, err := image.DecodeConfig(get(t, s, url).Body)
		if err != nil || cfg.Width != tc.fullW || cfg.Height != tc.fullH {
			t.Fatalf("%d×%d stored as %d×%d, %v", tc.w, tc.h, cfg.Width, cfg.Height, err)
		}
	}
}

// With both decode turns taken, a third photo waits for one; past the wait it is refused as busy.
func TestAtMostTwoDecodedAtOnce(t *testing.T) {
	photo := encoded(t, "png", picture(300, 200, 255))

	t.Run("busy past the wait", func(t *testing.T) {
		s, dir := open(t)
		s.MaxWait = 50 * time.Millisecond
		end := s.HoldTurns(t, 2)
		start := time.Now()
		_, err := s.Save(ctx, bytes.NewReader(photo))
		if haat.ErrorCode(err) != haat.EUNAVAILABLE || haat.ErrorMessage(err) != "The store is busy, try again" {
			t.Fatalf("err = %v, want unavailable %q", err, "The store is busy, try again")
		}
		if d := time.Since(start); d < 50*time.Millisecond {
			t.Errorf("refused after %v, before the wait was over", d)
		}
		_, err = s.SaveAll(ctx, []io.Reader{bytes.NewReader(photo), bytes.NewReader(photo)})
		if haat.ErrorMessage(err) != "The store is busy, try again" {
			t.Fatalf("two photos: err = %v", err)
		}
		if entries, _ := os.ReadDir(filepath.Join(dir, "uploads")); len(entries) != 0 {
			t.Fatalf("busy uploads left %d files", len(entries))
		}
		end()
		if _, err := s.Save(ctx, bytes.NewReader(photo)); err != nil {
			t.Fatalf("after the turns ended: %v", err)
		}
	})

	t.Run("waits for its turn", func(t *testing.T) {
		s, _ := open(t)
		s.MaxWait = 10 * time.Second
		end := s.HoldTurns(t, 2)
		done := make(chan error, 1)
		go func() {
			_, err := s.Save(ctx, bytes.NewReader(photo))
			done <- err
		}()
		select {
		case err := <-done:
			t.Fatalf("a third photo was decoded beside two: %v", err)
		case <-time.After(200 * time.Millisecond):
		}
		end()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	})

	t.Run("one turn free", func(t *testing.T) {
		s, _ := open(t)
		s.MaxWait = 10 * time.Millisecond
		defer s.HoldTurns(t, 1)()
		if _, err := s.Save(ctx, bytes.NewReader(photo)); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("the request ends", func(t *testing.T) {
		s, _ := open(t)
		s.MaxWait = time.Minute
		defer s.HoldTurns(t, 2)()
		reqCtx, cancel := context.WithCancel(ctx)
		time.AfterFunc(50*time.Millisecond, cancel)
		start := time.Now()
		_, err := s.Save(reqCtx, bytes.NewReader(photo))
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want the request's cancellation", err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("returned %v after the request ended", d)
		}
	})
}

// A photo whose decoding needs more memory than a slot's share waits until it fits beside the
// others; one that needs more than the whole budget is refused.
func TestDecodeMemoryBudget(t *testing.T) {
	deep := func(w, h int) []byte { // 16-bit RGBA: 8 bytes a pixel once decoded
		img := image.NewNRGBA64(image.Rect(0, 0, w, h))
		for i := range img.Pix {
			img.Pix[i] = byte(i)
		}
		return encoded(t, "png", img)
	}
	small, heavy, tooHeavy := encoded(t, "png", picture(500, 400, 255)), deep(800, 600), deep(1200, 1000)
	s, _ := open(t)
	s.DecodeMemory = 8 << 20 // two shares of 4 MB
	s.MaxWait = 50 * time.Millisecond
	if c := images.Cost(t, small); c > 4<<20 {
		t.Fatalf("small photo costs %d", c)
	}
	if c := images.Cost(t, heavy); c <= 4<<20 || c > 8<<20 {
		t.Fatalf("heavy photo costs %d", c)
	}
	end := s.HoldTurns(t, 1)
	if _, err := s.Save(ctx, bytes.NewReader(small)); err != nil {
		t.Fatalf("small photo beside one: %v", err)
	}
	if _, err := s.Save(ctx, bytes.NewReader(heavy)); haat.ErrorCode(err) != haat.EUNAVAILABLE {
		t.Fatalf("heavy photo beside one: %v, want busy", err)
	}
	end()
	if _, err := s.Save(ctx, bytes.NewReader(heavy)); err != nil {
		t.Fatalf("heavy photo alone: %v", err)
	}
	_, err := s.Save(ctx, bytes.NewReader(tooHeavy))
	wantInvalid(t, err, "This image needs too much memory to process")
}

// The memory a header promises: planes, progressive coefficients, colour depth.
func TestDecodeCost(t *testing.T) {
	baseline := jpegSized(t, 4000, 3000)
	progressive := bytes.Clone(baseline)
	progressive[bytes.Index(progressive, []byte{0xff, 0xc0})+1] = 0xc2
	resize := int64(4 * images.FullSize * 3000)
	for name, tc := range map[string]struct {
		data []byte
		want int64
	}{
		"jpeg 4:2:0":             {baseline, 4000*3000*3/2 + resize},
		"progressive jpeg 4:2:0": {progressive, 4000*3000*3/2*5 + resize},
		"png grey":               {imagestest.ZeroPNG(4000, 3000), 4000*3000 + resize},
		"png 8-bit RGBA":         {pngHeader(4000, 3000), 4000*3000*4 + resize},
		"gif":                    {gifSized(t, 4000, 3000), 4000*3000 + resize},
		"webp lossless":          {webpLosslessSized(4000, 3000), 4000*3000*8 + resize},
	} {
		if got := images.Cost(t, tc.data); got != tc.want {
			t.Errorf("%s: cost %d, want %d", name, got, tc.want)
		}
	}
}

// withOrientation returns jpg with an EXIF block holding an orientation tag.
func withOrientation(jpg []byte, orientation uint16) []byte {
	tiff := []byte("MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00")
	binary.BigEndian.PutUint16(tiff[18:], orientation)
	payload := append([]byte("Exif\x00\x00"), tiff...)
	app1 := append([]byte{0xff, 0xe1, 0, 0}, payload...)
	binary.BigEndian.PutUint16(app1[2:], uint16(2+len(payload)))
	return append(append(append([]byte{}, jpg[:2]...), app1...), jpg[2:]...)
}

// A phone's photo taken upright but stored sideways is stored upright, in both variants.
func TestTurnedUpright(t *testing.T) {
	s, _ := open(t)
	large, small := encoded(t, "jpeg", image.NewGray(image.Rect(0, 0, 1500, 1000))), encoded(t, "jpeg", picture(60, 40, 255))
	for _, tc := range []struct {
		jpg         []byte
		orientation uint16
		full, thumb image.Point
	}{
		{large, 6, image.Pt(800, 1200), image.Pt(267, 400)},
		{large, 8, image.Pt(800, 1200), image.Pt(267, 400)},
		{large, 3, image.Pt(1200, 800), image.Pt(400, 267)},
		{small, 6, image.Pt(40, 60), image.Pt(40, 60)},
		{small, 1, image.Pt(60, 40), image.Pt(60, 40)},
	} {
		url, err := s.Save(ctx, bytes.NewReader(withOrientation(tc.jpg, tc.orientation)))
		if err != nil {
			t.Fatal(err)
		}
		for path, want := range map[string]image.Point{url: tc.full, strings.Replace(url, ".", "-400.", 1): tc.thumb} {
			cfg, _, err := image.DecodeConfig(get(t, s, path).Body)
			if err != nil || cfg.Width != want.X || cfg.Height != want.Y {
				t.Errorf("orientation %d: %s is %d×%d, want %v", tc.orientation, path, cfg.Width, cfg.Height, want)
			}
		}
	}
}

// Orientation 6 means the camera was turned clockwise: the top-left corner of the stored pixels
// is shown at the top right.
func TestTurnedClockwise(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 60, 40))
	for y := range 40 {
		for x := range 60 {
			c := color.RGBA{255, 255, 255, 255}
			if x < 10 && y < 10 {
				c = color.RGBA{255, 0, 0, 255}
			}
			img.Set(x, y, c)
		}
	}
	s, _ := open(t)
	url, err := s.Save(ctx, bytes.NewReader(withOrientation(encoded(t, "jpeg", img), 6)))
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := image.Decode(get(t, s, url).Body)
	if err != nil {
		t.Fatal(err)
	}
	red := func(x, y int) bool { r, g, _, _ := got.At(x, y).RGBA(); return r > 0xc000 && g < 0x4000 }
	if got.Bounds().Dx() != 40 || !red(35, 5) || red(5, 5) {
		t.Fatalf("stored %v: red at top right %v, at top left %v", got.Bounds(), red(35, 5), red(5, 5))
	}
}

// TestBucketAwayRefusesUploads: while the bucket does not take photos (here its folder is a file),
// an upload is refused as unavailable with a message for the seller, not as an internal error,
// the photos already stored answer 503 rather than 500, and once the bucket is back the same
// upload is stored and its photo served.
func TestBucketAwayRefusesUploads(t *testing.T) {
	s, dir := open(t)
	photo := encoded(t, "png", picture(20, 20, 255))
	kept, err := s.Save(ctx, bytes.NewReader(photo))
	if err != nil {
		t.Fatal(err)
	}
	uploads, aside := filepath.Join(dir, "uploads"), filepath.Join(dir, "uploads-aside")
	if err := os.Rename(uploads, aside); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(uploads, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = s.Save(ctx, bytes.NewReader(photo))
	if !errors.Is(err, images.ErrCannotStore) || haat.ErrorCode(err) != haat.EUNAVAILABLE ||
		haat.ErrorMessage(err) != "Photos cannot be stored right now. Please try again later." {
		t.Fatalf("upload while the bucket is away: %v", err)
	}
	if rec := get(t, s, kept); rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("a stored photo while the bucket is away: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	if err := os.Remove(uploads); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(aside, uploads); err != nil {
		t.Fatal(err)
	}
	url, err := s.Save(ctx, bytes.NewReader(photo))
	if err != nil {
		t.Fatalf("upload once the bucket is back: %v", err)
	}
	for _, path := range []string{kept, url} {
		if rec := get(t, s, path); rec.Code != 200 {
			t.Fatalf("GET %s once the bucket is back: %d", path, rec.Code)
		}
	}
}

// TestSources: an upload is shown by its thumbnail with every stored size to choose from; a
// picture that is no upload is shown as it is.
func TestSources(t *testing.T) {
	for _, c := range []struct{ path, src, srcset string }{
		{"/media/uploads/abc.jpg", "/media/uploads/abc-400.jpg", "/media/uploads/abc-200.jpg 200w, /media/uploads/abc-400.jpg 400w, /media/uploads/abc-800.jpg 800w, /media/uploads/abc.jpg 1200w"},
		{"/media/uploads/x.png", "/media/uploads/x-400.png", "/media/uploads/x-200.png 200w, /media/uploads/x-400.png 400w, /media/uploads/x-800.png 800w, /media/uploads/x.png 1200w"},
		{"/media/catalogue/basmati.webp", "/media/catalogue/basmati.webp", ""},
		{"/media/uploads/abc.webp", "/media/uploads/abc.webp", ""},
	} {
		if src, srcset := images.Sources(c.path); src != c.src || srcset != c.srcset {
			t.Errorf("Sources(%s) = %q, %q", c.path, src, srcset)
		}
	}
}
