package api

import (
	"encoding/json"
	"net/http"
	"net/url"

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
	// SoldBy is "weight" for goods sold by weight, whose prices are then per kilogram and which
	// shoppers buy in steps of Step grams; absent or "unit": sold by the unit.
	SoldBy string `json:"soldBy,omitempty"`
	Step   int    `json:"step,omitempty"`
	// Family and Size make the product one pack size of a family: its key and this size's label.
	Family string `json:"family,omitempty"`
	Size   string `json:"size,omitempty"`
	// Stock is the number of units for sale when the store is to count them; absent or null
	// leaves them uncounted.
	Stock json.RawMessage `json:"stock,omitempty" ts:"number | string | null"`
	// SalePrice, SaleStart and SaleEnd schedule a sale, all three or none: its price, and its start
	// and end as a date and time of the store's time zone ("2026-10-20T06:00").
	SalePrice json.RawMessage `json:"salePrice,omitempty" ts:"number | string | null"`
	SaleStart string          `json:"saleStart,omitempty"`
	SaleEnd   string          `json:"saleEnd,omitempty"`
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
// `category`, `price`, `offerPrice`, `salePrice` with `saleStart` and `saleEnd` (all three sent empty,
// the sale ends), `sku` (sent empty, it clears the SKU), `weight` (sent empty, it clears the weight), `stock` (sent
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

// SellerProductsResponse is the seller's products, archived ones too, that the query selects, in
// its order (newest first by default): every one, or a page and whether more come after it; with
// how many the query selects in all and how many of the store's products are on sale (demoOnSale of
// them the demo catalogue's) and archived (GET /api/seller/products).
type SellerProductsResponse struct {
	Archived   int             `json:"archived"`
	DemoOnSale int             `json:"demoOnSale"`
	HasMore    bool            `json:"hasMore"`
	OnSale     int             `json:"onSale"`
	Products   []SellerProduct `json:"products"`
	Success    bool            `json:"success"`
	Total      int             `json:"total"`
}

// sellerProductsPage is how many products a page of GET /api/seller/products holds when only before
// is sent.
const sellerProductsPage = 50

// sellerProductFilter reads the filters, order and cursor of the seller's product list from the
// query (SellerProductsQuery).
func sellerProductFilter(q url.Values) (haat.SellerProductFilter, error) {
	f := haat.SellerProductFilter{Search: q.Get("q"), Category: haat.Category(q.Get("category")), Stock: q.Get("stock"),
		Sort: q.Get("sort"), Before: q.Get("before")}
	if q.Has("id") {
		f.IDs = q["id"]
	}
	switch q.Get("archived") {
	case "":
	case "true":
		f.Archived = new(true)
	case "false":
		f.Archived = new(false)
	default:
		return f, haat.Errorf(haat.EINVALID, "archived must be true or false")
	}
	switch q.Get("vatExempt") {
	case "":
	case "true":
		f.VATExempt = true
	default:
		return f, haat.Errorf(haat.EINVALID, "vatExempt must be true")
	}
	return f, f.Validate()
}

// sellerProducts answers the seller's products that the query selects (sellerProductFilter): every
// one, or with ?limit= and ?before=<product id> a page of them.
func (s *Server) sellerProducts(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f, err := sellerProductFilter(q)
	if err != nil {
		return err
	}
	limit, err := pageLimit(q.Get("limit"), f.Before, sellerProductsPage)
	if err != nil {
		return err
	}
	page, err := s.Products.SellerProductPage(r.Context(), f, limit)
	if err != nil {
		return err
	}
	list := make([]SellerProduct, len(page.Products))
	for i, p := range page.Products {
		list[i] = SellerProduct{Product: p, Archived: p.Archived, Held: p.Held}
	}
	return ok(w, SellerProductsResponse{Archived: page.Archived, DemoOnSale: page.DemoOnSale, HasMore: page.More, OnSale: page.OnSale, Products: list,
		Success: true, Total: page.Total})
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
