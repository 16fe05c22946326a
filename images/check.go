package images

import (
	"bytes"
	"fmt"
	"image"
	_ "image/gif" // registers the GIF decoder
	"io"
	"time"

	_ "golang.org/x/image/webp" // registers the WebP decoder

	"haat"
)

// Errors shown to the seller.
var (
	ErrTooLarge  = haat.Errorf(haat.EINVALID, "Each image must be at most 5 MB")
	ErrFormat    = haat.Errorf(haat.EINVALID, "Images must be JPEG, PNG, WebP or GIF")
	ErrTooManyPx = haat.Errorf(haat.EINVALID, "Each image must be at most 40 megapixels")
	ErrDamaged   = haat.Errorf(haat.EINVALID, "This image file is damaged or unsupported")
	ErrTooLong   = haat.Errorf(haat.EINVALID, "Each image must be at most 12,000 pixels on its longer side")
	ErrTooNarrow = haat.Errorf(haat.EINVALID, "Each image must be at most 20 times as long as it is wide")
	ErrTooHeavy  = haat.Errorf(haat.EINVALID, "This image needs too much memory to process; save it with fewer pixels or as an ordinary JPEG")
	ErrBusy      = haat.Errorf(haat.EUNAVAILABLE, "The store is busy, try again")
	// ErrCannotStore refuses an upload while the bucket does not take the photos: the S3 server
	// away, or the disk of the folder full. Nothing of the product is saved.
	ErrCannotStore = haat.Errorf(haat.EUNAVAILABLE, "Photos cannot be stored right now. Please try again later.").RetryIn(30 * time.Second)
	allowedFormat  = map[string]bool{"jpeg": true, "png": true, "webp": true, "gif": true}
)

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

// Check checks one image as Save does before storing it, by its content (format, size, shape and
// the memory decoding it needs), and stores nothing.
func (s *Store) Check(r io.Reader) error {
	s.once.Do(s.init)
	_, err := s.peek(r)
	return err
}
