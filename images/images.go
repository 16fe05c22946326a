// Package images checks uploaded product photos by their content, re-encodes them (which drops
// any metadata), stores a full-size variant and smaller ones for the places a photo is shown small
// through gocloud.dev/blob, and serves them under /media/uploads/.
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
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/disintegration/imaging"
	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets, the default
	"gocloud.dev/blob/memblob"
	_ "gocloud.dev/blob/s3blob" // s3:// buckets
	"gocloud.dev/gcerrors"
	_ "golang.org/x/image/webp" // registers the WebP decoder
	"golang.org/x/sync/semaphore"

	"haat"
)

// Limits of one upload, all but the first read from the file's header before any pixel is decoded.
const (
	MaxBytes      = haat.MaxImageBytes
	MaxPixels     = 40_000_000
	MaxSide       = 12_000 // pixels on the longer side
	MaxAspect     = 20     // longer side ÷ shorter side
	FullSize      = 1200   // longest side of the stored image
	ThumbnailSize = 400    // longest side of the thumbnail lists show
	// URLPrefix is where the HTTP server mounts the store.
	URLPrefix = "/media/uploads/"
)

// Sizes are the longest sides of the smaller variants stored beside each photo, largest first,
// for the browser to choose from (srcset): <name>-<size>.<ext>.
var Sizes = []int{800, ThumbnailSize, 200}

// Defaults of the Store's decoding limits.
const (
	DefaultDecodeSlots  = 2
	DefaultDecodeMemory = 400 << 20
	DefaultMaxWait      = 30 * time.Second
)

// Store keeps product images in a bucket.
//
// Decoding a photo holds its pixels in memory (a 40-megapixel RGBA picture is 160 MB), so uploads
// take turns: at most DecodeSlots uploads, across the server, decode and resize their photos at
// once, each one photo after another, within DecodeMemory bytes estimated from the headers. An
// upload whose photos need more than a slot's share (a 16-bit PNG, a progressive JPEG) waits until
// it fits beside the others, and a photo that would need more than all of it is refused. Uploads
// wait for their turn in order, at most MaxWait, then are refused as busy. Set the fields before
// the first Save; zero means the default.
type Store struct {
	bucket *blob.Bucket

	DecodeSlots  int
	DecodeMemory int64
	MaxWait      time.Duration

	once  sync.Once
	turns *semaphore.Weighted
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
	ErrTooLong    = haat.Errorf(haat.EINVALID, "Each image must be at most 12,000 pixels on its longer side")
	ErrTooNarrow  = haat.Errorf(haat.EINVALID, "Each image must be at most 20 times as long as it is wide")
	ErrTooHeavy   = haat.Errorf(haat.EINVALID, "This image needs too much memory to process; save it with fewer pixels or as an ordinary JPEG")
	ErrBusy       = haat.Errorf(haat.EUNAVAILABLE, "The store is busy, try again")
	allowedFormat = map[string]bool{"jpeg": true, "png": true, "webp": true, "gif": true}
)

// Save checks one uploaded image, stores its variants and returns the URL path of the full one.
func (s *Store) Save(ctx context.Context, r io.Reader) (string, error) {
	urls, err := s.SaveAll(ctx, []io.Reader{r})
	if err != nil {
		return "", err
	}
	return urls[0], nil
}

// SaveAll checks every image before it stores any, so one bad file stores nothing; it returns
// the URL paths in the same order. With several files, a refusal names the file's position.
// Every file's header is checked before any file is decoded; then the upload waits for its turn
// and decodes its files one after another.
func (s *Store) SaveAll(ctx context.Context, files []io.Reader) ([]string, error) {
	s.once.Do(s.init)
	numbered := func(i int, err error) error {
		if e := (*haat.Error)(nil); errors.As(err, &e) && e.Code == haat.EINVALID && len(files) > 1 {
			return haat.Errorf(e.Code, "Image %d: %s", i+1, e.Message)
		}
		return err
	}
	photos := make([]*photo, len(files))
	cost := int64(0)
	for i, f := range files {
		p, err := s.peek(f)
		if err != nil {
			return nil, numbered(i, err)
		}
		photos[i], cost = p, max(cost, p.header.cost())
	}
	end, err := s.turn(ctx, cost)
	if err != nil {
		return nil, err
	}
	uploads := make([]*upload, len(files))
	for i, p := range photos {
		u, err := s.prepare(p)
		if err != nil {
			end()
			return nil, numbered(i, err)
		}
		uploads[i], photos[i] = u, nil
	}
	end()
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

func (s *Store) init() {
	if s.DecodeSlots <= 0 {
		s.DecodeSlots = DefaultDecodeSlots
	}
	if s.DecodeMemory <= 0 {
		s.DecodeMemory = DefaultDecodeMemory
	}
	if s.MaxWait <= 0 {
		s.MaxWait = DefaultMaxWait
	}
	s.turns = semaphore.NewWeighted(s.DecodeMemory)
}

// turn waits, at most MaxWait, until photos whose decoding costs cost bytes may be decoded one
// after another, and returns the function that ends the turn.
func (s *Store) turn(ctx context.Context, cost int64) (end func(), err error) {
	// Every turn takes at least one slot's share, so at most DecodeSlots are taken at once.
	weight := max(cost, s.DecodeMemory/int64(s.DecodeSlots))
	if weight > s.DecodeMemory {
		return nil, ErrTooHeavy
	}
	if !s.turns.TryAcquire(weight) {
		waitCtx, cancel := context.WithTimeout(ctx, s.MaxWait)
		err := s.turns.Acquire(waitCtx, weight)
		cancel()
		if err != nil && ctx.Err() != nil {
			return nil, fmt.Errorf("images: wait for a turn: %w", ctx.Err())
		} else if err != nil {
			return nil, ErrBusy
		}
	}
	return func() { s.turns.Release(weight) }, nil
}

// upload is a checked image, re-encoded in its stored variants.
type upload struct {
	ext, contentType string
	full             []byte
	sized            map[int][]byte // the variant of each of Sizes
}

// photo is an uploaded file whose header passed the checks: its bytes, or where to read them again.
type photo struct {
	data   []byte
	src    io.Reader
	header header
}

// peek checks an upload by its header. A file that can be read again (an uploaded form's file
// can) is read only as far as its header, and read whole in its turn; others are read now.
func (s *Store) peek(r io.Reader) (*photo, error) {
	rs, ok := r.(io.ReadSeeker)
	if !ok {
		return s.read(r)
	}
	size, err := rs.Seek(0, io.SeekEnd)
	if err != nil {
		return s.read(r)
	}
	if size > MaxBytes {
		return nil, ErrTooLarge
	}
	if _, err := rs.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("images: rewind upload: %w", err)
	}
	var head bytes.Buffer
	h, err := s.check(io.TeeReader(rs, &head), &head)
	if err != nil {
		return nil, err
	}
	if _, err := rs.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("images: rewind upload: %w", err)
	}
	return &photo{src: r, header: h}, nil
}

// read reads a whole upload and checks it by its header.
func (s *Store) read(r io.Reader) (*photo, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("images: read upload: %w", err)
	}
	if len(data) > MaxBytes {
		return nil, ErrTooLarge
	}
	h, err := s.check(bytes.NewReader(data), bytes.NewBuffer(data))
	if err != nil {
		return nil, err
	}
	return &photo{data: data, header: h}, nil
}

// check reads an image's header from r and checks format, size, shape and the memory decoding
// it needs; head holds at least the bytes read from r once the header is read.
func (s *Store) check(r io.Reader, head *bytes.Buffer) (header, error) {
	// The format and size come from the file's own header, never from its name or declared type,
	// and are checked before the pixels are decoded.
	cfg, format, err := image.DecodeConfig(r)
	if err != nil || !allowedFormat[format] {
		return header{}, ErrFormat
	}
	h := readHeader(head.Bytes(), format, cfg)
	if err := h.check(); err != nil {
		return header{}, err
	}
	if h.cost() > s.DecodeMemory {
		return header{}, ErrTooHeavy
	}
	return h, nil
}

// bigDecode is the decoding cost from which the memory is collected as soon as a photo is done.
const bigDecode = 16 << 20

// prepare decodes a checked photo and re-encodes it, which drops any metadata.
func (s *Store) prepare(p *photo) (*upload, error) {
	if p.data == nil { // read again, and checked again, in the upload's turn
		again, err := s.read(p.src)
		if err != nil {
			return nil, err
		}
		p = again
	}
	full, err := resized(p.data, p.header.orientation)
	if p.header.cost() >= bigDecode {
		// The decoded picture is garbage now. Collecting it, and giving its pages back to the
		// system, before the next photo's pixels are allocated keeps the process near the
		// pictures being decoded; left to itself, the collector would let the heap grow to twice
		// that first.
		debug.FreeOSMemory()
	}
	if err != nil {
		return nil, err
	}
	u := &upload{ext: "jpg", contentType: "image/jpeg", sized: map[int][]byte{}}
	if hasAlpha(full) {
		u.ext, u.contentType = "png", "image/png"
	}
	if u.full, err = encoded(full, u.ext); err != nil {
		return nil, err
	}
	// Each smaller variant is made from the one before it: cheap, and as sharp.
	img := full
	for _, size := range Sizes {
		img = fit(img, size)
		if u.sized[size], err = encoded(img, u.ext); err != nil {
			return nil, err
		}
	}
	return u, nil
}

func encoded(img image.Image, ext string) ([]byte, error) {
	var buf bytes.Buffer
	if err := encode(&buf, img, ext); err != nil {
		return nil, fmt.Errorf("images: encode: %w", err)
	}
	return buf.Bytes(), nil
}

// check refuses, from the header, an image too large or too narrow to decode.
func (h header) check() error {
	long, short := max(h.width, h.height), min(h.width, h.height)
	switch {
	case short < 1:
		return ErrDamaged
	case long > MaxSide:
		return ErrTooLong
	case long > MaxAspect*short:
		return ErrTooNarrow
	case int64(h.width)*int64(h.height) > MaxPixels:
		return ErrTooManyPx
	}
	return nil
}

// resized decodes an image and returns its full-size variant, turned upright as its EXIF
// orientation says once it is small. The decoded picture is needed only until then.
func resized(data []byte, orientation int) (image.Image, error) {
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, ErrDamaged
	}
	return upright(fit(img, FullSize), orientation), nil
}

// upright applies an EXIF orientation (1–8) to img.
func upright(img image.Image, orientation int) image.Image {
	switch orientation {
	case 2:
		return imaging.FlipH(img)
	case 3:
		return imaging.Rotate180(img)
	case 4:
		return imaging.FlipV(img)
	case 5:
		return imaging.Transpose(img)
	case 6:
		return imaging.Rotate270(img)
	case 7:
		return imaging.Transverse(img)
	case 8:
		return imaging.Rotate90(img)
	}
	return img
}

// put stores every variant under a new name and returns the URL path of the full one.
func (s *Store) put(ctx context.Context, u *upload) (string, error) {
	id := newID()
	files := map[string][]byte{id + "." + u.ext: u.full}
	for size, data := range u.sized {
		files[sizedKey(id, size, u.ext)] = data
	}
	for key, data := range files {
		if err := s.write(ctx, key, data, u.contentType); err != nil {
			return "", err
		}
	}
	return URLPrefix + id + "." + u.ext, nil
}

func (s *Store) write(ctx context.Context, key string, data []byte, contentType string) error {
	if err := s.bucket.WriteAll(ctx, key, data, &blob.WriterOptions{ContentType: contentType, CacheControl: cacheControl}); err != nil {
		return fmt.Errorf("images: store %s: %w", key, err)
	}
	return nil
}

func sizedKey(id string, size int, ext string) string {
	return id + "-" + strconv.Itoa(size) + "." + ext
}

// derive makes a smaller variant that a photo stored before it existed lacks, from the photo's
// full-size variant, and stores it.
func (s *Store) derive(ctx context.Context, key string) error {
	name, ext, _ := strings.Cut(key, ".")
	id, sizeText, _ := strings.Cut(name, "-")
	size, _ := strconv.Atoi(sizeText)
	s.once.Do(s.init)
	end, err := s.turn(ctx, 2*4*FullSize*FullSize)
	if err != nil {
		return err
	}
	defer end()
	data, err := s.bucket.ReadAll(ctx, id+"."+ext)
	if err != nil {
		return err
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("images: decode stored %s: %w", id, err)
	}
	small, err := encoded(fit(img, size), ext)
	if err != nil {
		return err
	}
	contentType := "image/jpeg"
	if ext == "png" {
		contentType = "image/png"
	}
	return s.write(ctx, key, small, contentType)
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

// Check checks one image as Save does before storing it, by its content (format, size, shape and
// the memory decoding it needs), and stores nothing.
func (s *Store) Check(r io.Reader) error {
	s.once.Do(s.init)
	_, err := s.peek(r)
	return err
}
