package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"

	"haat"
)

// ProductListResponse is every product, in stock or not (GET /api/product/list).
type ProductListResponse struct {
	Products []haat.Product `json:"products"`
	Success  bool           `json:"success"`
}

// ProductDataRequest is the product of an add-product form sent as one field, productData,
// holding JSON; prices are numbers or numeric strings (POST /api/product/add).
type ProductDataRequest struct {
	Name        string   `json:"name"`
	Description []string `json:"description"`
	// NameNe and DescriptionNe are the product's name and description in Nepali, both optional.
	NameNe        string          `json:"nameNe,omitempty"`
	DescriptionNe []string        `json:"descriptionNe,omitempty"`
	Category      string          `json:"category"`
	Price         json.RawMessage `json:"price" ts:"number | string"`
	OfferPrice    json.RawMessage `json:"offerPrice" ts:"number | string"`
	Weight        string          `json:"weight"`
	// SKU is the seller's own code for the product, optional and unique among products.
	SKU string `json:"sku,omitempty"`
	// VATExempt says the product is exempt from Nepal's VAT; absent: as its category usually is
	// (haat.DefaultVATExempt).
	VATExempt *bool `json:"vatExempt,omitempty"`
	// Stock is the number of units for sale when the store is to count them; absent or null
	// leaves them uncounted.
	Stock json.RawMessage `json:"stock,omitempty" ts:"number | string | null"`
}

// ProductAddResponse is the product a seller added, with its photos stored (POST /api/product/add).
type ProductAddResponse struct {
	Message string       `json:"message"`
	Product haat.Product `json:"product"`
	Success bool         `json:"success"`
}

// ProductStockRequest puts a product in or out of stock (POST /api/product/stock).
type ProductStockRequest struct {
	ID string `json:"id"`
	// InStock is required: a request without it is refused.
	InStock *bool `json:"inStock" ts:"boolean"`
}

// productAdd stores the photos of a valid add-product form, then the product.
func (s *Server) productAdd(w http.ResponseWriter, r *http.Request) error {
	form, err := multipartForm(w, r)
	if err != nil {
		return err
	}
	defer form.RemoveAll()
	in, err := productFormInput(form)
	if err != nil {
		return err
	}
	p, err := in.product()
	if err != nil {
		return err
	}
	files := form.File["images"]
	// Validate everything but the pictures first, so a bad form stores no image.
	p.Image = make([]string, len(files))
	if err := p.Validate(); err != nil {
		return err
	}
	if p.Image, err = s.saveUploads(r, files); err != nil {
		return err
	}
	if err := s.Products.CreateProduct(r.Context(), &p); err != nil {
		return err
	}
	return ok(w, ProductAddResponse{Message: say(w, r, "Product Added"), Product: p, Success: true})
}

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
		return nil, haat.Errorf(haat.EINVALID, "Send the product as multipart form data")
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
	Description, DescriptionNe                                    []string
	VATExempt                                                     *bool
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
		VATExempt: d.VATExempt, SKU: d.SKU}
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
	p := haat.Product{Name: in.Name, NameNe: in.NameNe, Category: haat.Category(in.Category), Weight: in.Weight, SKU: in.SKU,
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

func (s *Server) productStock(w http.ResponseWriter, r *http.Request) error {
	var req ProductStockRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := checkSwitch(req.ID, req.InStock, "inStock"); err != nil {
		return err
	}
	if err := s.Products.SetInStock(r.Context(), req.ID, *req.InStock); err != nil {
		return err
	}
	return ok(w, MessageResponse{Message: say(w, r, "Stock Updated"), Success: true})
}

// ProductUpdateResponse is the product as the seller corrected it (POST /api/product/update).
type ProductUpdateResponse struct {
	Message string       `json:"message"`
	Product haat.Product `json:"product"`
	Success bool         `json:"success"`
}

// productUpdate corrects a product. The multipart form names the product in `id` and carries
// only the fields that change, as POST /api/product/add spells them: `name`, `description`,
// `category`, `price`, `offerPrice`, `sku` (sent empty, it clears the SKU), `weight` (sent empty, it clears the weight), `stock` (sent
// empty, the units are no longer counted; left out, the count stays as orders leave it). New photos come
// as files under `images`; `imageOrder`, a JSON array, lists the product's photos in their new
// order, each a URL of a photo the product has now (one left out is removed) or the number of a
// file under `images`, from 0: ["/media/uploads/a.webp", 0]. Without `imageOrder` the photos stay
// and new files follow them. The form is checked as a new product is, before any photo is stored:
// a refused form stores nothing and changes nothing.
func (s *Server) productUpdate(w http.ResponseWriter, r *http.Request) error {
	form, err := multipartForm(w, r)
	if err != nil {
		return err
	}
	defer form.RemoveAll()
	id := formValue(form, "id")
	if id == "" {
		return haat.Errorf(haat.EINVALID, "Product id is required")
	}
	p, err := s.Products.Product(r.Context(), id)
	if err != nil {
		return err
	}
	edit, err := productEditInput(form)
	if err != nil {
		return err
	}
	files := form.File["images"]
	edited, at, err := p.Edit(edit, len(files))
	if err != nil {
		return err
	}
	if len(files) > 0 {
		urls, err := s.saveUploads(r, files)
		if err != nil {
			return err
		}
		for i, u := range urls {
			edited.Image[at[i]] = u
		}
	}
	if err := s.Products.UpdateProduct(r.Context(), &edited, edit.SetStock); err != nil {
		return err
	}
	return ok(w, ProductUpdateResponse{Message: say(w, r, "Product Updated"), Product: edited, Success: true})
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
	var err error
	if e.VATExempt, err = formBool(form, "vatExempt"); err != nil {
		return e, err
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

// ProductArchiveRequest takes a product off sale, or puts it back (POST /api/product/archive).
type ProductArchiveRequest struct {
	ID string `json:"id"`
	// Archived is required: a request without it is refused.
	Archived *bool `json:"archived" ts:"boolean"`
}

func (s *Server) productArchive(w http.ResponseWriter, r *http.Request) error {
	var req ProductArchiveRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := checkSwitch(req.ID, req.Archived, "archived"); err != nil {
		return err
	}
	if err := s.Products.SetArchived(r.Context(), req.ID, *req.Archived); err != nil {
		return err
	}
	message := say(w, r, "Product Archived")
	if !*req.Archived {
		message = say(w, r, "Product Restored")
	}
	return ok(w, MessageResponse{Message: message, Success: true})
}

// SellerProduct is a product as the seller's list shows it, with whether it is archived and how
// many of its units online orders awaiting payment hold.
type SellerProduct struct {
	haat.Product
	Archived bool `json:"archived"`
	Held     int  `json:"held"`
}

// SellerProductsResponse is every product, archived ones too, newest first (GET /api/seller/products).
type SellerProductsResponse struct {
	Products []SellerProduct `json:"products"`
	Success  bool            `json:"success"`
}

func (s *Server) sellerProducts(w http.ResponseWriter, r *http.Request) error {
	products, err := s.Products.SellerProducts(r.Context())
	if err != nil {
		return err
	}
	list := make([]SellerProduct, len(products))
	for i, p := range products {
		list[i] = SellerProduct{Product: p, Archived: p.Archived, Held: p.Held}
	}
	return ok(w, SellerProductsResponse{Products: list, Success: true})
}

// checkSwitch checks a request that turns one of a product's switches (field) on or off: both the
// product's id and the switch are required.
func checkSwitch(id string, on *bool, field string) error {
	if id == "" {
		return haat.Errorf(haat.EINVALID, "Product id is required")
	}
	if on == nil {
		return haat.Errorf(haat.EINVALID, "%s must be true or false", field)
	}
	return nil
}
