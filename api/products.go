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
	Name        string          `json:"name"`
	Description []string        `json:"description"`
	Category    string          `json:"category"`
	Price       json.RawMessage `json:"price"`
	OfferPrice  json.RawMessage `json:"offerPrice"`
	Weight      string          `json:"weight"`
	// Stock is the number of units for sale when the store is to count them; absent or null
	// leaves them uncounted.
	Stock json.RawMessage `json:"stock,omitempty"`
}

// ProductAddResponse is the product a seller added, with its photos stored (POST /api/product/add).
type ProductAddResponse struct {
	Message string       `json:"message"`
	Product haat.Product `json:"product"`
	Success bool         `json:"success"`
}

// ProductStockRequest puts a product in or out of stock (POST /api/product/stock).
type ProductStockRequest struct {
	ID      string `json:"id"`
	InStock *bool  `json:"inStock"`
}

func (s *Server) productList(w http.ResponseWriter, r *http.Request) error {
	products, err := s.Products.Products(r.Context())
	if err != nil {
		return err
	}
	return ok(w, ProductListResponse{Products: products, Success: true})
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
	readers := make([]io.Reader, len(files))
	for i, fh := range files {
		f, err := fh.Open()
		if err != nil {
			return fmt.Errorf("api: open upload: %w", err)
		}
		defer f.Close()
		readers[i] = f
	}
	if p.Image, err = s.Images.SaveAll(r.Context(), readers); err != nil {
		return err
	}
	if err := s.Products.CreateProduct(r.Context(), &p); err != nil {
		return err
	}
	return ok(w, ProductAddResponse{Message: "Product Added", Product: p, Success: true})
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
	return r.MultipartForm, nil
}

// productInput is the product of an add-product form as sent, before it is checked.
type productInput struct {
	Name, Category, Weight, Price, OfferPrice, Stock string
	Description                                      []string
}

// productFormInput reads the product of an add-product form: one field, productData, holding
// JSON (as older clients send it), or else each value in a field of its own.
func productFormInput(form *multipart.Form) (productInput, error) {
	field := func(name string) string {
		if v := form.Value[name]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	data, ok := form.Value["productData"]
	if !ok {
		return productInput{
			Name: field("name"), Category: field("category"), Weight: field("weight"),
			Price: field("price"), OfferPrice: field("offerPrice"), Stock: field("stock"),
			Description: descriptionLines(field("description")),
		}, nil
	}
	var d ProductDataRequest
	if err := json.Unmarshal([]byte(data[0]), &d); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return productInput{}, haat.Errorf(haat.EINVALID, "productData: %s has the wrong type", typeErr.Field)
		}
		return productInput{}, haat.Errorf(haat.EINVALID, "productData must be a JSON object with name, description, category, price and offerPrice")
	}
	in := productInput{Name: d.Name, Category: d.Category, Weight: d.Weight, Description: d.Description}
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
	p := haat.Product{Name: in.Name, Category: haat.Category(in.Category), Weight: in.Weight, Description: in.Description, StockOn: true}
	var err error
	if p.Price, err = parseAmount(in.Price, "Price"); err != nil {
		return p, err
	}
	if p.OfferPrice, err = parseAmount(in.OfferPrice, "Offer price"); err != nil {
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

func parseAmount(v, label string) (haat.Money, error) {
	if strings.TrimSpace(v) == "" {
		return 0, haat.Errorf(haat.EINVALID, "%s is required", label)
	}
	m, err := haat.ParseMoney(v)
	if err != nil {
		return 0, haat.Errorf(haat.EINVALID, "%s must be a number with at most 2 decimals", label)
	}
	return m, nil
}

func (s *Server) productStock(w http.ResponseWriter, r *http.Request) error {
	var req ProductStockRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.ID == "" {
		return haat.Errorf(haat.EINVALID, "Product id is required")
	}
	if req.InStock == nil {
		return haat.Errorf(haat.EINVALID, "inStock must be true or false")
	}
	if err := s.Products.SetInStock(r.Context(), req.ID, *req.InStock); err != nil {
		return err
	}
	return ok(w, MessageResponse{Message: "Stock Updated", Success: true})
}
