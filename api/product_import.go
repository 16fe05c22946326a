package api

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"path"
	"time"

	"haat"
	"haat/locale"
	"haat/productcsv"
)

// Limits of the ZIP of photos that may come with an import: the most files it may hold, and the
// most bytes they may take once uncompressed, together.
const (
	MaxImportPhotos     = 1000
	MaxImportPhotoBytes = 200 << 20
)

// ProductImportRow is one row of an imported CSV: its line in the file, its SKU, whether it adds
// a product or updates the one with its SKU, and why it cannot, if it cannot.
type ProductImportRow struct {
	Line   int    `json:"line"`
	SKU    string `json:"sku"`
	Action string `json:"action" ts:"'add' | 'update'"`
	Error  string `json:"error,omitempty"`
}

// ProductImportResponse is every row of an import, how many products it adds and updates, and
// how many rows are bad (POST /api/product/import). A dry run answers 200 with success true even
// when rows are bad; a real run with a bad row answers 400, success false, with the same rows.
type ProductImportResponse struct {
	Success bool               `json:"success"`
	Message string             `json:"message,omitempty"`
	DryRun  bool               `json:"dryRun"`
	Rows    []ProductImportRow `json:"rows"`
	Added   int                `json:"added"`
	Updated int                `json:"updated"`
	Bad     int                `json:"bad"`
}

// productImport checks, and unless dryRun is "true" stores, the products of a CSV (multipart
// `file`), with the photos its rows name taken from an optional ZIP (`photos`). A dry run changes
// nothing; a real run stores every row or, when a row is bad, none, and answers 400.
func (s *Server) productImport(w http.ResponseWriter, r *http.Request) error {
	form, err := multipartForm(w, r)
	if err != nil {
		return err
	}
	defer form.RemoveAll()
	dryRun, err := formBool(form, "dryRun")
	if err != nil {
		return err
	}
	apply := dryRun != nil && !*dryRun
	rows, err := importRows(form)
	if err != nil {
		return err
	}
	photos, closePhotos, err := openPhotos(form)
	if err != nil {
		return err
	}
	defer closePhotos()
	found := s.checkPhotos(rows, photos)
	result, err := s.Products.ImportProducts(r.Context(), rows, false)
	if err != nil {
		return err
	}
	if apply && result.OK() {
		if err := s.savePhotos(r, rows, found); err != nil {
			return err
		}
		if result, err = s.Products.ImportProducts(r.Context(), rows, true); err != nil {
			return err
		}
	}
	out := ProductImportResponse{Success: true, DryRun: !apply, Rows: make([]ProductImportRow, len(result.Rows)),
		Added: result.Added, Updated: result.Updated}
	for i, o := range result.Rows {
		out.Rows[i] = ProductImportRow{Line: o.Line, SKU: o.SKU, Action: o.Action}
		if o.Err != nil {
			out.Rows[i].Error = locale.ErrorMessage(o.Err, language(w, r))
			out.Bad++
		}
	}
	switch {
	case !result.OK() && apply:
		out.Success = false
		out.Message = say(w, r, "Nothing was imported: fix the rows with errors and try again")
		writeJSON(w, http.StatusBadRequest, out)
		return nil
	case apply:
		out.Message = say(w, r, "Products Imported")
	}
	return ok(w, out)
}

// importRows reads the CSV of an import form.
func importRows(form *multipart.Form) ([]haat.ImportRow, error) {
	files := form.File["file"]
	if len(files) != 1 {
		return nil, haat.Errorf(haat.EINVALID, "Choose one CSV file to import")
	}
	f, err := files[0].Open()
	if err != nil {
		return nil, fmt.Errorf("api: open import: %w", err)
	}
	defer f.Close()
	return productcsv.Read(f)
}

// openPhotos opens the ZIP of photos of an import form, if it has one, and returns its files by
// name (without folders) and how to close it. The ZIP is refused whole when it holds too many
// files or more bytes than the limits, uncompressed, as its directory says; reading the files is
// held to the limits too, whatever the directory says (checkPhotos).
func openPhotos(form *multipart.Form) (map[string]*zip.File, func(), error) {
	files := form.File["photos"]
	if len(files) == 0 {
		return nil, func() {}, nil
	}
	f, err := files[0].Open()
	if err != nil {
		return nil, nil, fmt.Errorf("api: open photos: %w", err)
	}
	z, err := zip.NewReader(f, files[0].Size)
	if err != nil {
		f.Close()
		return nil, nil, haat.Errorf(haat.EINVALID, "The photos must be a ZIP file")
	}
	if len(z.File) > MaxImportPhotos {
		f.Close()
		return nil, nil, haat.Errorf(haat.EINVALID, "The ZIP may hold at most %d files", MaxImportPhotos)
	}
	byName := map[string]*zip.File{}
	var total uint64
	for _, zf := range z.File {
		if zf.FileInfo().IsDir() {
			continue
		}
		total += zf.UncompressedSize64
		if total > MaxImportPhotoBytes {
			f.Close()
			return nil, nil, errPhotoBytes()
		}
		byName[path.Base(zf.Name)] = zf
	}
	return byName, func() { f.Close() }, nil
}

func errPhotoBytes() error {
	return haat.Errorf(haat.EINVALID, "The photos in the ZIP may take at most %d MB", MaxImportPhotoBytes>>20)
}

// checkPhotos finds the photo each row names in the ZIP and checks it by its content as uploads
// are; a row whose photo is bad gets the reason. It returns the good photos' files, by name, and
// marks each row that has one (Photo) until the photos are stored. The bytes read, all photos
// together, are held to MaxImportPhotoBytes, and only one photo is held in memory at a time.
func (s *Server) checkPhotos(rows []haat.ImportRow, photos map[string]*zip.File) map[string]*zip.File {
	found := map[string]*zip.File{}
	bad := map[string]error{}
	read := 0
	for i := range rows {
		row := &rows[i]
		zf, ok := photos[row.Image]
		if row.Image == "" || !ok || row.Err != nil {
			continue
		}
		_, seen := found[row.Image]
		if err, failed := bad[row.Image]; failed {
			row.Err = err
			continue
		}
		if !seen {
			data, err := readZipFile(zf)
			read += len(data)
			switch {
			case err != nil:
			case read > MaxImportPhotoBytes:
				err = errPhotoBytes()
			default:
				err = s.Images.Check(bytes.NewReader(data))
			}
			if err != nil {
				row.Err = haat.Errorf(haat.EINVALID, "Photo %s: %s", row.Image, haat.ErrorMessage(err))
				bad[row.Image] = row.Err
				continue
			}
			found[row.Image] = zf
		}
		row.Photo = "zip:" + row.Image
	}
	return found
}

// readZipFile reads one photo of the ZIP, at most the size of an upload, whatever the ZIP says.
func readZipFile(zf *zip.File) ([]byte, error) {
	if zf.UncompressedSize64 > haat.MaxImageBytes {
		return nil, haat.Errorf(haat.EINVALID, "Each image must be at most 5 MB")
	}
	rc, err := zf.Open()
	if err != nil {
		return nil, haat.Errorf(haat.EINVALID, "This image file is damaged or unsupported")
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, haat.MaxImageBytes+1))
	if err != nil {
		return nil, haat.Errorf(haat.EINVALID, "This image file is damaged or unsupported")
	}
	if len(data) > haat.MaxImageBytes {
		return nil, haat.Errorf(haat.EINVALID, "Each image must be at most 5 MB")
	}
	return data, nil
}

// savePhotos stores the photos the rows name, one at a time, and sets each row's Photo to its URL.
// When one cannot be stored, the import stops: the photos stored before it show nowhere, and the
// hourly housekeeping removes them.
func (s *Server) savePhotos(r *http.Request, rows []haat.ImportRow, found map[string]*zip.File) error {
	url := map[string]string{}
	for name, zf := range found {
		data, err := readZipFile(zf)
		if err != nil {
			return err
		}
		urls, err := s.Images.SaveAll(r.Context(), []io.Reader{bytes.NewReader(data)})
		if code := haat.ErrorCode(err); code != haat.EINTERNAL && err != nil {
			return haat.Errorf(code, "Photo %s: %s", name, haat.ErrorMessage(err))
		} else if err != nil {
			return fmt.Errorf("api: store photo %s: %w", name, err)
		}
		url[name] = urls[0]
	}
	for i := range rows {
		if rows[i].Photo != "" {
			rows[i].Photo = url[rows[i].Image]
		}
	}
	return nil
}

// productExport answers every product, archived ones too, as a product CSV to save
// (productcsv.Write), which imported again changes nothing.
func (s *Server) productExport(w http.ResponseWriter, r *http.Request) error {
	products, err := s.Products.SellerProducts(r.Context())
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := productcsv.Write(&buf, products); err != nil {
		return fmt.Errorf("api: write products: %w", err)
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="products-`+time.Now().In(haat.StoreZone).Format(haat.DayLayout)+`.csv"`)
	h.Set("Cache-Control", "no-store")
	_, err = w.Write(buf.Bytes())
	return err
}
