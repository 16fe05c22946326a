package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"

	"haat"
)

// saveUploads checks and stores the photos of a form, all or none, and returns their URL paths in
// order.
func (s *Server) saveUploads(r *http.Request, files []*multipart.FileHeader) ([]string, error) {
	readers := make([]io.Reader, len(files))
	for i, fh := range files {
		f, err := fh.Open()
		if err != nil {
			return nil, fmt.Errorf("api: open upload: %w", err)
		}
		defer f.Close()
		readers[i] = f
	}
	return s.Images.SaveAll(r.Context(), readers)
}

// multipartForm reads a multipart form of at most maxMultipartBody bytes.
func multipartForm(w http.ResponseWriter, r *http.Request) (*multipart.Form, error) {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "multipart/form-data" {
		return nil, haat.Errorf(eMediaType, "Content-Type must be multipart/form-data")
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxMultipartBody)
	if err := r.ParseMultipartForm(8 << 20); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return nil, haat.Errorf(haat.ETOOLARGE, "Request body too large")
		}
		return nil, haat.Errorf(haat.EINVALID, "Send the form as multipart form data")
	}
	if err := checkForm(r.MultipartForm); err != nil {
		r.MultipartForm.RemoveAll()
		return nil, err
	}
	return r.MultipartForm, nil
}

// checkForm refuses a form with a field whose name or value is not text. A value is checked as
// JSON text is (checkJSONText), since productData, description and imageOrder may hold JSON: an
// escaped NUL there is refused too.
func checkForm(form *multipart.Form) error {
	for name, values := range form.Value {
		if err := checkText(name); err != nil {
			return err
		}
		for _, v := range values {
			if err := checkJSONText([]byte(v)); err != nil {
				return err
			}
		}
	}
	for name := range form.File {
		if err := checkText(name); err != nil {
			return err
		}
	}
	return nil
}

// productInput is the product of an add-product form as sent, before it is checked.
type productInput struct {
	Name, NameNe, Category, Weight, Price, OfferPrice, Stock, SKU string
	SoldBy, Step, Family, Size                                    string
	// SalePrice, SaleStart and SaleEnd are the product's sale, all three or none (haat.ParseSale).
	SalePrice, SaleStart, SaleEnd string
	Description, DescriptionNe    []string
	VATExempt                     *bool
}

// productFormInput reads the product of an add-product form: one field, productData, holding
// JSON (as older clients send it), or else each value in a field of its own.
func productFormInput(form *multipart.Form) (productInput, error) {
	field := func(name string) string { return formValue(form, name) }
	data, ok := form.Value["productData"]
	if !ok {
		exempt, err := formBool(form, "vatExempt")
		return productInput{
			Name: field("name"), NameNe: field("nameNe"), Category: field("category"), Weight: field("weight"),
			Price: field("price"), OfferPrice: field("offerPrice"), Stock: field("stock"), SKU: field("sku"),
			SoldBy: field("soldBy"), Step: field("step"), Family: field("family"), Size: field("size"),
			SalePrice: field("salePrice"), SaleStart: field("saleStart"), SaleEnd: field("saleEnd"),
			Description: descriptionLines(field("description")), DescriptionNe: descriptionLines(field("descriptionNe")),
			VATExempt: exempt,
		}, err
	}
	var d ProductDataRequest
	if err := json.Unmarshal([]byte(data[0]), &d); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return productInput{}, haat.Errorf(haat.EINVALID, "productData: %s has the wrong type", typeErr.Field)
		}
		return productInput{}, haat.Errorf(haat.EINVALID, "productData must be a JSON object with name, description, category, price and offerPrice")
	}
	in := productInput{Name: d.Name, NameNe: d.NameNe, Category: d.Category, Weight: d.Weight, Description: d.Description, DescriptionNe: d.DescriptionNe,
		VATExempt: d.VATExempt, SKU: d.SKU, SoldBy: d.SoldBy, Family: d.Family, Size: d.Size, SaleStart: d.SaleStart, SaleEnd: d.SaleEnd}
	if d.Step != 0 {
		in.Step = strconv.Itoa(d.Step)
	}
	var err error
	if in.Price, err = jsonAmountText(d.Price, "Price"); err != nil {
		return in, err
	}
	if in.OfferPrice, err = jsonAmountText(d.OfferPrice, "Offer price"); err != nil {
		return in, err
	}
	if in.Stock, err = jsonAmountText(d.Stock, "Stock"); err != nil {
		return in, err
	}
	if in.SalePrice, err = jsonAmountText(d.SalePrice, "Sale price"); err != nil {
		return in, err
	}
	return in, nil
}

// jsonAmountText returns the text of a JSON amount sent as a number or as a numeric string.
func jsonAmountText(raw json.RawMessage, label string) (string, error) {
	switch v := strings.TrimSpace(string(raw)); {
	case v == "" || v == "null":
		return "", nil
	case strings.HasPrefix(v, `"`):
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", haat.Errorf(haat.EINVALID, "%s must be a number with at most 2 decimals", label)
		}
		return s, nil
	default:
		return v, nil
	}
}

// product builds the product the input describes; prices are checked here, the rest by
// Product.Validate.
func (in productInput) product() (haat.Product, error) {
	p := haat.Product{Name: in.Name, NameNe: in.NameNe, Category: haat.Category(in.Category), Weight: in.Weight, SKU: in.SKU, Family: in.Family, Size: in.Size,
		Description: in.Description, DescriptionNe: in.DescriptionNe, StockOn: true,
		VATExempt: haat.DefaultVATExempt(haat.CanonicalCategory(in.Category))}
	if in.VATExempt != nil {
		p.VATExempt = *in.VATExempt
	}
	var err error
	if p.Price, err = haat.ParseAmount(in.Price, "Price"); err != nil {
		return p, err
	}
	if p.OfferPrice, err = haat.ParseAmount(in.OfferPrice, "Offer price"); err != nil {
		return p, err
	}
	if p.Stock, err = haat.ParseStock(in.Stock); err != nil {
		return p, err
	}
	if p.SoldBy, err = haat.ParseSoldBy(in.SoldBy); err != nil {
		return p, err
	}
	if p.Step, err = haat.ParseStep(in.Step); err != nil {
		return p, err
	}
	if p.Sale, err = haat.ParseSale(in.SalePrice, in.SaleStart, in.SaleEnd); err != nil {
		return p, err
	}
	return p, nil
}

// descriptionLines reads the description as a JSON array of lines, or as plain text, one line per row.
func descriptionLines(v string) []string {
	var lines []string
	if err := json.Unmarshal([]byte(v), &lines); err == nil {
		return lines
	}
	return strings.Split(v, "\n")
}

// formBool reads a form field that is "true" or "false"; nil when the form does not have it.
func formBool(form *multipart.Form, name string) (*bool, error) {
	switch v, ok := form.Value[name]; {
	case !ok || len(v) == 0:
		return nil, nil
	case v[0] == "true":
		return new(true), nil
	case v[0] == "false":
		return new(false), nil
	default:
		return nil, haat.Errorf(haat.EINVALID, "%s must be true or false", name)
	}
}

// formValue returns the first value of a form field, or "".
func formValue(form *multipart.Form, name string) string {
	if v := form.Value[name]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// productEditInput reads the fields of an update form that are present into an edit.
func productEditInput(form *multipart.Form) (haat.ProductEdit, error) {
	var e haat.ProductEdit
	text := func(name string) *string {
		if v, ok := form.Value[name]; ok && len(v) > 0 {
			return &v[0]
		}
		return nil
	}
	e.Name, e.NameNe, e.Weight, e.SKU = text("name"), text("nameNe"), text("weight"), text("sku")
	e.Family, e.Size = text("family"), text("size")
	var err error
	if e.VATExempt, err = formBool(form, "vatExempt"); err != nil {
		return e, err
	}
	if v := text("soldBy"); v != nil {
		soldBy, err := haat.ParseSoldBy(*v)
		if err != nil {
			return e, err
		}
		e.SoldBy = &soldBy
	}
	if v := text("step"); v != nil {
		step, err := haat.ParseStep(*v)
		if err != nil {
			return e, err
		}
		e.Step = &step
	}
	if v := text("description"); v != nil {
		e.Description = descriptionLines(*v)
	}
	if v := text("descriptionNe"); v != nil {
		e.DescriptionNe = descriptionLines(*v)
	}
	if v := text("category"); v != nil {
		c := haat.Category(*v)
		e.Category = &c
	}
	for _, a := range []struct {
		field, label string
		to           **haat.Money
	}{{"price", "Price", &e.Price}, {"offerPrice", "Offer price", &e.OfferPrice}} {
		if v := text(a.field); v != nil {
			m, err := haat.ParseAmount(*v, a.label)
			if err != nil {
				return e, err
			}
			*a.to = &m
		}
	}
	if price, start, end := text("salePrice"), text("saleStart"), text("saleEnd"); price != nil || start != nil || end != nil {
		var err error
		if e.Sale, err = haat.ParseSale(deref(price), deref(start), deref(end)); err != nil {
			return e, err
		}
		e.SetSale = true
	}
	if v := text("stock"); v != nil {
		var err error
		if e.Stock, err = haat.ParseStock(*v); err != nil {
			return e, err
		}
		e.SetStock = true
	}
	if v := text("imageOrder"); v != nil {
		var err error
		if e.Images, err = imageOrder(*v); err != nil {
			return e, err
		}
	}
	return e, nil
}

// imageOrder reads the imageOrder field of an update form: a JSON array of photo URLs and file numbers.
func imageOrder(v string) ([]haat.ImageChoice, error) {
	bad := haat.Errorf(haat.EINVALID, "imageOrder must be a JSON array of image URLs and file numbers")
	var entries []json.RawMessage
	if err := json.Unmarshal([]byte(v), &entries); err != nil || entries == nil {
		return nil, bad
	}
	choices := make([]haat.ImageChoice, len(entries))
	for i, raw := range entries {
		if json.Unmarshal(raw, &choices[i].URL) == nil && choices[i].URL != "" {
			continue
		}
		if err := json.Unmarshal(raw, &choices[i].Upload); err != nil {
			return nil, bad
		}
	}
	return choices, nil
}

// deref is the text s points to, or "" for nil.
func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
