package api_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"os"
	"sync"
	"testing"

	"haat/images"
)

// storedFiles counts the files the image store holds.
func (s *store) storedFiles() int {
	s.t.Helper()
	entries, err := os.ReadDir(s.uploads)
	if err != nil && !os.IsNotExist(err) {
		s.t.Fatal(err)
	}
	return len(entries)
}

// jarCookie returns the cookie named name that c's jar would send to the API, or nil.
func (c *client) jarCookie(name string) *http.Cookie {
	req, _ := http.NewRequest("GET", c.s.server.URL+"/api/", nil)
	for _, ck := range c.http.Jar.Cookies(req.URL) {
		if ck.Name == name {
			return ck
		}
	}
	return nil
}

// pngFile returns a small PNG picture with transparent pixels.
func pngFile(t testing.TB) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for x := range 40 {
		img.Set(x, x%30, color.RGBA{200, 40, 40, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// jpegFile returns a small opaque JPEG picture.
func jpegFile(t testing.TB) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for i := range img.Pix {
		img.Pix[i] = byte(i)
	}
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 255
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// gifFile returns a small GIF picture.
func gifFile(t testing.TB) []byte {
	img := image.NewPaletted(image.Rect(0, 0, 20, 20), []color.Color{color.White, color.RGBA{0, 128, 0, 255}})
	for x := range 20 {
		img.SetColorIndex(x, x, 1)
	}
	var b bytes.Buffer
	if err := gif.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// hugePNG returns a PNG whose header claims width × height pixels; only the header is real,
// which is all a check of the pixel count should need to read.
func hugePNG(t *testing.T, width, height uint32) []byte {
	b := pngFile(t)
	// Signature (8), then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4), 5 more bytes, CRC (4).
	if string(b[12:16]) != "IHDR" {
		t.Fatal("unexpected PNG layout")
	}
	binary.BigEndian.PutUint32(b[16:20], width)
	binary.BigEndian.PutUint32(b[20:24], height)
	binary.BigEndian.PutUint32(b[29:33], crc32.ChecksumIEEE(b[12:29]))
	return b
}

var (
	bigPNGOnce sync.Once
	bigPNG     []byte
)

// nearLimitPNG returns an opaque noise PNG just under the 5 MB limit of one image.
func nearLimitPNG(t *testing.T) []byte {
	bigPNGOnce.Do(func() {
		const side = 1290 // 1290² pixels × 3 bytes, stored uncompressed: about 4.99 MB
		img := image.NewNRGBA(image.Rect(0, 0, side, side))
		rng := rand.New(rand.NewPCG(1, 2))
		for i := range img.Pix {
			if i%4 == 3 {
				img.Pix[i] = 255
			} else {
				img.Pix[i] = byte(rng.UintN(256))
			}
		}
		var b bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&b, img); err != nil {
			panic(err)
		}
		bigPNG = b.Bytes()
	})
	if len(bigPNG) > images.MaxBytes || len(bigPNG) < images.MaxBytes*9/10 {
		t.Fatalf("near-limit PNG is %d bytes", len(bigPNG))
	}
	return bigPNG
}

// upload is one file of an add-product form.
type upload struct {
	name string
	data []byte
}

// productForm is a valid add-product form; change replaces fields, and an empty value removes one.
func productForm(change map[string]string) map[string]string {
	f := map[string]string{"name": "Ilam Tea", "description": `["Whole leaf","From Ilam"]`, "category": "drinks",
		"price": "550", "offerPrice": "495.50", "weight": "250 g"}
	for k, v := range change {
		if v == "" {
			delete(f, k)
		} else {
			f[k] = v
		}
	}
	return f
}

// multipartProduct builds an add-product form with files under "images".
func multipartProduct(fields map[string]string, files ...upload) (io.Reader, string) {
	return multipartFiles(fields, "images", files...)
}

// addProduct posts an add-product form as c.
func (c *client) addProduct(fields map[string]string, files ...upload) response {
	c.s.t.Helper()
	body, ct := multipartProduct(fields, files...)
	return c.do("POST", "/api/product/add", body, ct)
}

// zeros is an endless stream of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// streamingUpload returns an add-product form whose one file has size bytes, written as the
// request is sent, so the test never holds the body in memory.
func streamingUpload(size int64) (io.Reader, string) {
	pr, pw := io.Pipe()
	w := multipart.NewWriter(pw)
	ct := w.FormDataContentType()
	go func() {
		err := func() error {
			for k, v := range productForm(nil) {
				if err := w.WriteField(k, v); err != nil {
					return err
				}
			}
			fw, err := w.CreateFormFile("images", "big.png")
			if err != nil {
				return err
			}
			if _, err := io.Copy(fw, io.LimitReader(zeros{}, size)); err != nil {
				return err
			}
			return w.Close()
		}()
		pw.CloseWithError(err)
	}()
	return pr, ct
}

// order is an order request for one product.
func order(product string, quantity any, address string) map[string]any {
	return map[string]any{"items": []map[string]any{{"product": product, "quantity": quantity}}, "address": address}
}
