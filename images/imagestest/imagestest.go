// Package imagestest makes image files for tests of uploads: small files that decode to large pictures.
package imagestest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
)

// ZeroPNG returns a complete 8-bit grey PNG of w×h black pixels: a file of a few tens of KB whose
// pixels take w×h bytes once decoded (1 × 40,000,000 is the decompression bomb uploads must refuse).
func ZeroPNG(w, h uint32) []byte {
	var idat bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	zeros := make([]byte, 1<<20)
	for left := int64(1+w) * int64(h); left > 0; left -= int64(len(zeros)) { // each row: filter 0, then w zeros
		zw.Write(zeros[:min(left, int64(len(zeros)))])
	}
	zw.Close()
	ihdr := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, w), h)
	ihdr = append(ihdr, 8, 0, 0, 0, 0) // bit depth 8, grey, deflate, no filter method, no interlace
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	for _, c := range []struct {
		name string
		data []byte
	}{{"IHDR", ihdr}, {"IDAT", idat.Bytes()}, {"IEND", nil}} {
		binary.Write(&b, binary.BigEndian, uint32(len(c.data)))
		chunk := append([]byte(c.name), c.data...)
		b.Write(chunk)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	}
	return b.Bytes()
}
