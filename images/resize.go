package images

import (
	"bytes"
	"context"
	"fmt"
	"image"
	_ "image/gif" // registers the GIF decoder
	"image/jpeg"
	"image/png"
	"io"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/disintegration/imaging"
)

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
