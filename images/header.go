package images

import (
	"encoding/binary"
	"image"
	"image/color"
)

// header is what an upload's header says about the cost of decoding it, read before any pixel is.
type header struct {
	width, height int
	// bytesPerPixel is how much memory the decoder holds at once per pixel, the decoded image
	// and its working copies together.
	bytesPerPixel float64
	// orientation is the EXIF orientation of a JPEG (1–8), 0 when it has none.
	orientation int
}

// readHeader describes an image whose header image.DecodeConfig has read as format and cfg.
func readHeader(data []byte, format string, cfg image.Config) header {
	h := header{width: cfg.Width, height: cfg.Height, bytesPerPixel: 8}
	switch format {
	case "jpeg":
		h.bytesPerPixel, h.orientation = jpegHeader(data)
	case "png":
		h.bytesPerPixel = colorBytes(cfg.ColorModel)
		if len(data) > 28 && data[28] == 1 { // Adam7: each pass is decoded apart, then copied in
			h.bytesPerPixel *= 2
		}
	case "gif":
		h.bytesPerPixel = 1 // the first frame, paletted; the decoder refuses frames outside the header's size
	case "webp":
		if len(data) >= 16 && string(data[12:16]) == "VP8 " {
			h.bytesPerPixel = 1.5 // lossy, no alpha: YCbCr 4:2:0
		}
		// Lossless (VP8L) or extended (VP8X, perhaps with a lossless alpha plane) keep the
		// default: the NRGBA picture and a transformed copy.
	}
	return h
}

// cost is the memory, in bytes, that decoding the image and resizing it to FullSize hold at once.
func (h header) cost() int64 {
	decode := float64(h.width) * float64(h.height) * h.bytesPerPixel
	// Resizing first narrows every row to at most FullSize pixels of 4 bytes, keeping every row:
	// FullSize × 4 bytes × the shorter side.
	resize := float64(4 * FullSize * min(h.width, h.height))
	return int64(decode + resize)
}

// colorBytes is the bytes per pixel of an image of color model m as Go's PNG decoder holds it.
func colorBytes(m color.Model) float64 {
	if _, paletted := m.(color.Palette); paletted {
		return 1
	}
	switch m {
	case color.GrayModel:
		return 1
	case color.Gray16Model:
		return 2
	case color.RGBAModel, color.NRGBAModel:
		return 4
	}
	return 8 // 16-bit colour
}

// jpegHeader walks a JPEG's markers up to its first scan and returns the bytes per pixel Go's
// decoder holds (planes, plus coefficients when progressive, plus an RGBA or CMYK copy when the
// planes are not YCbCr) and the EXIF orientation.
func jpegHeader(data []byte) (bytesPerPixel float64, orientation int) {
	var (
		jfif, adobe    bool
		adobeTransform byte
		progressive    bool
		ids            []byte
		samples        []int // h × v of each component
		maxH, maxV     int
	)
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xff {
			break // not a marker: the decoder will say the file is damaged
		}
		marker := data[i+1]
		if marker == 0xff { // fill byte
			i++
			continue
		}
		if marker == 0x01 || marker >= 0xd0 && marker <= 0xd7 { // no length
			i += 2
			continue
		}
		if marker == 0xd9 || marker == 0xda { // end of image, start of scan
			break
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			break
		}
		seg := data[i+4 : i+2+n]
		switch {
		case marker == 0xe0 && len(seg) >= 5 && string(seg[:5]) == "JFIF\x00":
			jfif = true
		case marker == 0xe1 && orientation == 0 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00":
			orientation = exifOrientation(seg[6:])
		case marker == 0xee && len(seg) >= 12 && string(seg[:5]) == "Adobe":
			adobe, adobeTransform = true, seg[11]
		case marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc && samples == nil:
			progressive = marker == 0xc2
			if len(seg) < 6 {
				break
			}
			nComp := int(seg[5])
			for c := range nComp {
				if 6+3*c+2 >= len(seg) {
					break
				}
				hv := seg[6+3*c+1]
				h, v := int(hv>>4), int(hv&0x0f)
				ids = append(ids, seg[6+3*c])
				samples = append(samples, h*v)
				maxH, maxV = max(maxH, h), max(maxV, v)
			}
		}
		i += 2 + n
	}
	if len(samples) == 0 || maxH == 0 || maxV == 0 {
		return 8, orientation // no frame header found: assume the worst
	}
	planes := 0.0
	for _, s := range samples {
		planes += float64(s) / float64(maxH*maxV)
	}
	bytesPerPixel = planes
	if progressive {
		bytesPerPixel += 4 * planes // one int32 coefficient per sample, kept until the last scan
	}
	switch len(samples) {
	case 4: // CMYK or YCbCrK, converted to a CMYK copy
		bytesPerPixel += 4
	case 3:
		if rgb := !jfif && (adobe && adobeTransform == 0 || string(ids) == "RGB"); rgb {
			bytesPerPixel += 4 // converted to an RGBA copy
		}
	}
	return bytesPerPixel, orientation
}

// exifOrientation reads the orientation tag (1–8) from the first directory of a TIFF block, or 0.
func exifOrientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 0
	}
	var order binary.ByteOrder
	switch string(tiff[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 0
	}
	dir := int(order.Uint32(tiff[4:]))
	if dir < 8 || dir+2 > len(tiff) {
		return 0
	}
	n := int(order.Uint16(tiff[dir:]))
	for e := dir + 2; e+12 <= len(tiff) && n > 0; e, n = e+12, n-1 {
		if order.Uint16(tiff[e:]) == 0x0112 {
			if v := int(order.Uint16(tiff[e+8:])); v >= 1 && v <= 8 {
				return v
			}
			return 0
		}
	}
	return 0
}
