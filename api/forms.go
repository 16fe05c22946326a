package api

import (
	"haat"
	"haat/records"
)

// FormFile is a file sent in a multipart form.
type FormFile string

// ProductForm is the add-product form (POST /api/product/add), multipart: each value in a field
// of its own, or, as older clients send it, the whole product as JSON in productData
// (ProductDataRequest) beside the photos. Without productData, name, description, category, price
// and offerPrice are required.
type ProductForm struct {
	productFields
	// ProductData is the whole product as JSON (ProductDataRequest), in place of the fields above.
	ProductData string `json:"productData,omitempty"`
	// Images are the product's photos, in order (haat.MaxProductImages at most).
	Images []FormFile `json:"images,omitempty"`
}

// ProductUpdateForm is the form that corrects a product (POST /api/product/update), multipart:
// the product's id and only the fields that change, spelt as ProductForm spells them.
type ProductUpdateForm struct {
	ID string `json:"id"`
	productFields
	// ImageOrder is a JSON array of the product's photos in their new order: the URL of a photo it
	// has now (one left out is removed) or the number of a file under images, from 0.
	ImageOrder string `json:"imageOrder,omitempty"`
	// Images are new photos; without imageOrder they follow the photos the product has.
	Images []FormFile `json:"images,omitempty"`
}

// productFields are the fields of a product in the product forms.
type productFields struct {
	Name   string `json:"name,omitempty"`
	NameNe string `json:"nameNe,omitempty"`
	// Description is the product's lines: a JSON array of strings, or one line per line of text.
	Description   string        `json:"description,omitempty"`
	DescriptionNe string        `json:"descriptionNe,omitempty"`
	Category      haat.Category `json:"category,omitempty"`
	// Price and OfferPrice are amounts with at most 2 decimals: "320" or "295.50".
	Price      string `json:"price,omitempty"`
	OfferPrice string `json:"offerPrice,omitempty"`
	// SalePrice, SaleStart and SaleEnd schedule a sale, all three or none: a price below Price, and
	// a date and time of the store's time zone (2026-10-20T06:00) for each end; sent empty to an
	// update, they end the product's sale.
	SalePrice string `json:"salePrice,omitempty"`
	SaleStart string `json:"saleStart,omitempty"`
	SaleEnd   string `json:"saleEnd,omitempty"`
	// Weight and SKU sent empty to an update clear them.
	Weight string `json:"weight,omitempty"`
	SKU    string `json:"sku,omitempty"`
	// VATExempt is "true" or "false"; left out of a new product, as its category usually is.
	VATExempt string `json:"vatExempt,omitempty" ts:"'true' | 'false'"`
	// SoldBy is "weight" for goods sold by weight (prices per kilogram, bought in steps of Step
	// grams) or "unit"; left out of a new product, it is sold by the unit, and left out of an
	// update, as it was. A product turned to sell by the unit drops its step.
	SoldBy string `json:"soldBy,omitempty" ts:"'unit' | 'weight'"`
	Step   string `json:"step,omitempty"`
	// Family groups the pack sizes of one product (a key such as "basmati-rice"), and Size is this
	// one's label ("5 kg"); sent empty to an update, they clear them.
	Family string `json:"family,omitempty"`
	Size   string `json:"size,omitempty"`
	// Stock is the units for sale when the store counts them: left out of a new product, or sent
	// empty to an update, they are not counted; left out of an update, the count stays as orders
	// leave it.
	Stock string `json:"stock,omitempty"`
}

// ProductImportForm is a product import (POST /api/product/import), multipart: the product CSV
// and an optional ZIP of the photos its rows name.
type ProductImportForm struct {
	File   FormFile `json:"file"`
	Photos FormFile `json:"photos,omitempty"`
	// DryRun "true" checks every row and stores nothing.
	DryRun string `json:"dryRun,omitempty" ts:"'true' | 'false'"`
}

// LogoForm is the store's logo (POST /api/seller/logo), multipart: a photo checked as product
// photos are.
type LogoForm struct {
	Logo FormFile `json:"logo"`
}

// ProductSearchQuery is the query of a page of the shop's products (GET /api/product/search).
type ProductSearchQuery struct {
	// Q finds a product by any of its names, in Devanagari or romanised.
	Q        string        `json:"q,omitempty"`
	Category haat.Category `json:"category,omitempty"`
	// Cursor is the nextCursor of the page before.
	Cursor string `json:"cursor,omitempty"`
	// Limit is the most products on the page, 1 to haat.MaxPageSize.
	Limit int `json:"limit,omitempty"`
}

// ProductGetQuery names the products asked for (GET /api/product/get?id=…&id=…).
type ProductGetQuery struct {
	ID []string `json:"id"`
}

// SellerOrdersQuery is the filters of the seller's orders and their export (GET /api/order/seller,
// GET /api/order/seller.csv); a parameter left out selects any.
type SellerOrdersQuery struct {
	Status haat.OrderStatus `json:"status,omitempty"`
	// Paid is "true" or "false".
	Paid string `json:"paid,omitempty" ts:"'true' | 'false'"`
	// Q is an order number, or part of the customer's name or phone.
	Q string `json:"q,omitempty"`
	// From and To are days, YYYY-MM-DD, of the store's time zone.
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// Slot is a delivery day, YYYY-MM-DD, or a slot's id.
	Slot string `json:"slot,omitempty"`
	// Before is an order's id, to page further back.
	Before string `json:"before,omitempty"`
	// Number answers the one order with this number (10482 or #10482), if any; the list only.
	Number string `json:"number,omitempty"`
}

// UserOrdersQuery pages the shopper's orders (GET /api/order/user). Without either parameter the
// answer is every order, as the spec's call is answered.
type UserOrdersQuery struct {
	// Limit is the most orders on the page, 1 to haat.MaxPageSize; userOrdersPage when only before
	// is sent.
	Limit int `json:"limit,omitempty"`
	// Before is the id of the last order of the page before, to page further back.
	Before string `json:"before,omitempty"`
}

// SellerProductsQuery selects, orders and pages the seller's products (GET /api/seller/products); a
// filter left out selects any. Without limit and before the answer is every product selected.
type SellerProductsQuery struct {
	// Limit is the most products on the page, 1 to haat.MaxPageSize; sellerProductsPage when only
	// before is sent.
	Limit int `json:"limit,omitempty"`
	// Before is the id of the last product of the page before, to page further on.
	Before string `json:"before,omitempty"`
	// Q finds products whose name, in English or Nepali, or SKU contains it, in any case.
	Q        string        `json:"q,omitempty"`
	Category haat.Category `json:"category,omitempty"`
	// Stock is "in" (shoppers can buy it now), "out" (they cannot) or "low" (counted, 5 or fewer left).
	Stock string `json:"stock,omitempty" ts:"'in' | 'out' | 'low'"`
	// Archived is "true" for the archived products, "false" for those on sale.
	Archived string `json:"archived,omitempty" ts:"'true' | 'false'"`
	// VATExempt is "true" for the products exempt from VAT only.
	VATExempt string `json:"vatExempt,omitempty" ts:"'true'"`
	// Sort is newest (the default), name, price, price-desc or stock.
	Sort string `json:"sort,omitempty" ts:"'newest' | 'name' | 'price' | 'price-desc' | 'stock'"`
	// ID selects the products with these ids (?id=…&id=…).
	ID []string `json:"id,omitempty"`
}

// PickListQuery selects the orders a pick list is of (GET /api/seller/picklist): those of a delivery
// day, YYYY-MM-DD, or of a slot (its id); left out, every order waiting to be packed.
type PickListQuery struct {
	Slot string `json:"slot,omitempty"`
}

// SellerInvoiceQuery names the order whose invoice the seller asks for (GET /api/seller/order/invoice).
type SellerInvoiceQuery struct {
	Number string `json:"number"`
}

// OrderInvoiceQuery names the shopper's order whose invoice they ask for (GET /api/order/invoice).
type OrderInvoiceQuery struct {
	ID string `json:"id"`
}

// ClaimForm is a shopper's claim about their delivered order (POST /api/order/claim), as
// multipart form data.
type ClaimForm struct {
	ID string `json:"id"`
	// Lines are the lines claimed, as JSON: [{product, quantity, reason}].
	Lines string `json:"lines"`
	Note  string `json:"note,omitempty"`
	// Photos are up to haat.MaxClaimPhotos photos of what was wrong, checked like product photos.
	Photos []FormFile `json:"photos,omitempty"`
}

// RecordsQuery selects the records of an export (GET /api/seller/records.csv): claims, refunds or
// credit notes made from one day to another, YYYY-MM-DD in the store's time zone, both included.
type RecordsQuery struct {
	Kind records.Kind `json:"kind" ts:"'claims' | 'refunds' | 'credit-notes'"`
	From string       `json:"from"`
	To   string       `json:"to"`
}
