// Package images checks uploaded product photos by their content, re-encodes them (which drops
// any metadata), stores a full-size variant and smaller ones for the places a photo is shown small
// through gocloud.dev/blob, and serves them under /media/uploads/.
package images

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	_ "image/gif" // registers the GIF decoder
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets, the default
	"gocloud.dev/blob/memblob"
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
// gocloud.dev/blob URL (file://…, mem://, or s3://… where the command registers S3).
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

// write stores one variant. A bucket that refuses it, unless the seller has gone, is the bucket
// away: ErrCannotStore, with its own error kept for the log.
func (s *Store) write(ctx context.Context, key string, data []byte, contentType string) error {
	if err := s.bucket.WriteAll(ctx, key, data, &blob.WriterOptions{ContentType: contentType, CacheControl: cacheControl}); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("images: store %s: %w", key, err)
		}
		return fmt.Errorf("%w (images: store %s: %w)", ErrCannotStore, key, err)
	}
	return nil
}

func sizedKey(id string, size int, ext string) string {
	return id + "-" + strconv.Itoa(size) + "." + ext
}

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newID returns 128 random bits as 26 lower-case characters: names nobody can guess.
func newID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return idEncoding.EncodeToString(b)
}

// Sources are what an img needs to show the photo at path (as Save returns it) at the size it is
// laid out: src, the ThumbnailSize variant lists show, and srcset, every stored size by width, for
// the browser to download the smallest that is sharp. A path that is no upload (a picture of the
// demo catalogue, which has one size) is its own src, with no srcset. The storefront works them
// out alike (photo in web/src/lib/catalogue.ts).
func Sources(path string) (src, srcset string) {
	m := uploadPath.FindStringSubmatch(path)
	if m == nil {
		return path, ""
	}
	base, ext := m[1], m[2]
	sizes := slices.Sorted(slices.Values(Sizes))
	parts := make([]string, 0, len(sizes)+1)
	for _, n := range sizes {
		parts = append(parts, base+"-"+strconv.Itoa(n)+"."+ext+" "+strconv.Itoa(n)+"w")
	}
	parts = append(parts, path+" "+strconv.Itoa(FullSize)+"w")
	return base + "-" + strconv.Itoa(ThumbnailSize) + "." + ext, strings.Join(parts, ", ")
}

// uploadPath is the URL path of an uploaded photo: its name without the extension, and the extension.
var uploadPath = regexp.MustCompile(`^(` + regexp.QuoteMeta(URLPrefix) + `.+)\.(jpg|png)$`)
