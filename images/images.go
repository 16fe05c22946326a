// Package images checks uploaded product photos by their content, re-encodes them (which drops
// any metadata), stores a full-size and a thumbnail variant through gocloud.dev/blob, and
// serves them under /media/uploads/.
package images

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // registers the GIF decoder
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/disintegration/imaging"
	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets, the default
	"gocloud.dev/blob/memblob"
	_ "gocloud.dev/blob/s3blob" // s3:// buckets
	"gocloud.dev/gcerrors"
	_ "golang.org/x/image/webp" // registers the WebP decoder

	"haat"
)

// Limits of one upload.
const (
	MaxBytes      = 5 << 20
	MaxPixels     = 40_000_000
	FullSize      = 1200 // longest side of the stored image
	ThumbnailSize = 400  // longest side of the thumbnail
	// URLPrefix is where the HTTP server mounts the store.
	URLPrefix = "/media/uploads/"
)

// Store keeps product images in a bucket.
type Store struct {
	bucket *blob.Bucket
}

// Open opens the image store: blobURL "" means the folder uploads/ under dataDir; otherwise any
// gocloud.dev/blob URL (file://…, s3://…, mem://).
func Open(ctx context.Context, blobURL, dataDir string) (*Store, error) {
	var bucket *blob.Bucket
	var err error
	if blobURL == "" {
		dir := filepath.Join(dataDir, "uploads")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("images: create %s: %w", dir, err)
		}
		abs, _ := filepath.Abs(dir)
		blobURL = "file://" + filepath.ToSlash(abs) + "?no_tmp_dir=true"
	}
	if blobURL == "mem://" {
		bucket = memblob.OpenBucket(nil)
	} else if bucket, err = blob.OpenBucket(ctx, blobURL); err != nil {
		return nil, fmt.Errorf("images: open bucket: %w", err)
	}
	return &Store{bucket: bucket}, nil
}

// Close closes the bucket.
func (s *Store) Close() error { return s.bucket.Close() }

// Errors shown to the seller.
var (
	ErrTooLarge   = haat.Errorf(haat.EINVALID, "Each image must be at most 5 MB")
	ErrFormat     = haat.Errorf(haat.EINVALID, "Images must be JPEG, PNG, WebP or GIF")
	ErrTooManyPx  = haat.Errorf(haat.EINVALID, "Each image must be at most 40 megapixels")
	ErrDamaged    = haat.Errorf(haat.EINVALID, "This image file is damaged or unsupported")
	allowedFormat = map[string]bool{"jpeg": true, "png": true, "webp": true, "gif": true}
)

// Save checks one uploaded image, stores its variants and returns the URL path of the full one.
func (s *Store) Save(ctx context.Context, r io.Reader) (string, error) {
	u, err := prepare(r)
	if err != nil {
		return "", err
	}
	return s.put(ctx, u)
}

// SaveAll checks every image before it stores any, so one bad file stores nothing; it returns
// the URL paths in the same order. With several files, a refusal names the file's position.
func (s *Store) SaveAll(ctx context.Context, files []io.Reader) ([]string, error) {
	uploads := make([]*upload, len(files))
	for i, f := range files {
		u, err := prepare(f)
		if e := (*haat.Error)(nil); errors.As(err, &e) && len(files) > 1 {
			return nil, haat.Errorf(e.Code, "Image %d: %s", i+1, e.Message)
		} else if err != nil {
			return nil, err
		}
		uploads[i] = u
	}
	urls := make([]string, len(uploads))
	for i, u := range uploads {
		url, err := s.put(ctx, u)
		if err != nil {
			return nil, err
		}
		urls[i] = url
	}
	return urls, nil
}

// upload is a checked image, re-encoded in its stored variants.
type upload struct {
	ext, contentType string
	full, thumb      []byte
}

// prepare checks an image by its content and re-encodes it, which drops any metadata.
func prepare(r io.Reader) (*upload, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("images: read upload: %w", err)
	}
	if len(data) > MaxBytes {
		return nil, ErrTooLarge
	}
	// The format and size come from the file's own header, never from its name or declared type,
	// and are checked before the pixels are decoded.
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || !allowedFormat[format] {
		return nil, ErrFormat
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, ErrTooManyPx
	}
	img, err := imaging.Decode(bytes.NewReader(data), imaging.AutoOrientation(true))
	if err != nil {
		return nil, ErrDamaged
	}
	u := &upload{ext: "jpg", contentType: "image/jpeg"}
	if hasAlpha(img) {
		u.ext, u.contentType = "png", "image/png"
	}
	for _, v := range []struct {
		dst  *[]byte
		size int
	}{{&u.full, FullSize}, {&u.thumb, ThumbnailSize}} {
		var buf bytes.Buffer
		if err := encode(&buf, fit(img, v.size), u.ext); err != nil {
			return nil, fmt.Errorf("images: encode: %w", err)
		}
		*v.dst = buf.Bytes()
	}
	return u, nil
}

// put stores both variants under a new name and returns the URL path of the full one.
func (s *Store) put(ctx context.Context, u *upload) (string, error) {
	id := newID()
	for key, data := range map[string][]byte{
		id + "." + u.ext: u.full, id + "-" + strconv.Itoa(ThumbnailSize) + "." + u.ext: u.thumb,
	} {
		if err := s.bucket.WriteAll(ctx, key, data, &blob.WriterOptions{ContentType: u.contentType, CacheControl: cacheControl}); err != nil {
			return "", fmt.Errorf("images: store %s: %w", key, err)
		}
	}
	return URLPrefix + id + "." + u.ext, nil
}

// fit shrinks img so its longest side is at most size; it never enlarges.
func fit(img image.Image, size int) image.Image {
	b := img.Bounds()
	if b.Dx() <= size && b.Dy() <= size {
		return img
	}
	if b.Dx() >= b.Dy() {
		return imaging.Resize(img, size, 0, imaging.Lanczos)
	}
	return imaging.Resize(img, 0, size, imaging.Lanczos)
}

func encode(w io.Writer, img image.Image, ext string) error {
	if ext == "png" {
		return (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(w, img)
	}
	return jpeg.Encode(w, img, &jpeg.Options{Quality: 85})
}

// hasAlpha reports whether any pixel of img is not fully opaque.
func hasAlpha(img image.Image) bool {
	switch m := img.(type) {
	case *image.YCbCr, *image.Gray, *image.CMYK:
		return false
	case interface{ Opaque() bool }:
		return !m.Opaque()
	}
	return true
}

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newID returns 128 random bits as 26 lower-case characters: names nobody can guess.
func newID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return idEncoding.EncodeToString(b)
}

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
	if gcerrors.Code(err) == gcerrors.NotFound {
		http.NotFound(w, r)
		return
	} else if err != nil {
		http.Error(w, "unavailable", http.StatusInternalServerError)
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
	if sized && size != strconv.Itoa(ThumbnailSize) {
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
