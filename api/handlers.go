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

// currencySymbols are the symbols the storefront shows per store currency.
var currencySymbols = map[string]string{"USD": "$", "NPR": "Rs."}

func (s *Server) config(w http.ResponseWriter, r *http.Request) {
	ok(w, map[string]any{"currency": s.Currency, "currencySymbol": currencySymbols[s.Currency], "paymentMethods": s.Payments.Methods()})
}

type credentials struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var req credentials
	if err := decodeJSON(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.signUpAttempt(w, r); err != nil {
		s.fail(w, r, err)
		return
	}
	u, err := s.Users.Register(r.Context(), req.Name, req.Email, req.Password)
	if err := s.signUpResult(r, err); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.startSession(w, r, haat.RoleUser, u.ID); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"user": u, "message": "Account Created"})
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	var req credentials
	if err := decodeJSON(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.loginAttempt(w, r, haat.RoleUser, req.Email); err != nil {
		s.fail(w, r, err)
		return
	}
	u, err := s.Users.Authenticate(r.Context(), req.Email, req.Password)
	if err := s.loginResult(r, haat.RoleUser, req.Email, err); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.startSession(w, r, haat.RoleUser, u.ID); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"user": u, "message": "Logged In"})
}

// isAuth answers the shopper of the session, or 401 for anyone else, a seller included: the
// storefront takes 401 to mean "not signed in" and says nothing.
func (s *Server) isAuth(w http.ResponseWriter, r *http.Request) {
	id, err := s.sessionOf(r, haat.RoleUser)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	u, err := s.Users.User(r.Context(), id)
	if id == "" || haat.ErrorCode(err) == haat.ENOTFOUND {
		err = haat.Errorf(haat.EUNAUTHORIZED, "Not Authorized")
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"user": u})
}

func (s *Server) logout(role string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := s.endSession(w, r, role); err != nil {
			s.fail(w, r, err)
			return
		}
		ok(w, map[string]any{"message": "Logged Out"})
	}
}

func (s *Server) sellerLogin(w http.ResponseWriter, r *http.Request) {
	var req credentials
	if err := decodeJSON(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.loginAttempt(w, r, haat.RoleSeller, req.Email); err != nil {
		s.fail(w, r, err)
		return
	}
	seller, err := s.Sellers.AuthenticateSeller(r.Context(), strings.TrimSpace(req.Email), req.Password)
	if err := s.loginResult(r, haat.RoleSeller, req.Email, err); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.startSession(w, r, haat.RoleSeller, seller.ID); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"message": "Logged In"})
}

func (s *Server) authSeller(w http.ResponseWriter, r *http.Request) {
	ok(w, nil)
}

func (s *Server) productList(w http.ResponseWriter, r *http.Request) {
	products, err := s.Products.Products(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"products": products})
}

func (s *Server) productAdd(w http.ResponseWriter, r *http.Request) {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "multipart/form-data" {
		s.fail(w, r, haat.Errorf(eMediaType, "Content-Type must be multipart/form-data"))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxMultipartBody)
	if err := r.ParseMultipartForm(8 << 20); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			s.fail(w, r, haat.Errorf(eTooLarge, "Request body too large"))
		} else {
			s.fail(w, r, haat.Errorf(haat.EINVALID, "Send the product as multipart form data"))
		}
		return
	}
	defer r.MultipartForm.RemoveAll()
	in, err := productFormInput(r.MultipartForm)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p, err := in.product()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	files := r.MultipartForm.File["images"]
	// Validate everything but the pictures first, so a bad form stores no image.
	p.Image = make([]string, len(files))
	if err := p.Validate(); err != nil {
		s.fail(w, r, err)
		return
	}
	readers := make([]io.Reader, len(files))
	for i, fh := range files {
		f, err := fh.Open()
		if err != nil {
			s.fail(w, r, fmt.Errorf("api: open upload: %w", err))
			return
		}
		defer f.Close()
		readers[i] = f
	}
	if p.Image, err = s.Images.SaveAll(r.Context(), readers); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.Products.CreateProduct(r.Context(), &p); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"message": "Product Added", "product": p})
}

// productInput is the product of an add-product form as sent, before it is checked.
type productInput struct {
	Name, Category, Weight, Price, OfferPrice string
	Description                               []string
}

// productFormInput reads the product of an add-product form. The spec's original client sends
// it as one field, productData, holding JSON; otherwise each value is a field of its own.
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
			Price: field("price"), OfferPrice: field("offerPrice"), Description: descriptionLines(field("description")),
		}, nil
	}
	var d struct {
		Name        string          `json:"name"`
		Description []string        `json:"description"`
		Category    string          `json:"category"`
		Price       json.RawMessage `json:"price"`
		OfferPrice  json.RawMessage `json:"offerPrice"`
		Weight      string          `json:"weight"`
	}
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
	p := haat.Product{Name: in.Name, Category: in.Category, Weight: in.Weight, Description: in.Description, InStock: true}
	var err error
	if p.Price, err = parseAmount(in.Price, "Price"); err != nil {
		return p, err
	}
	if p.OfferPrice, err = parseAmount(in.OfferPrice, "Offer price"); err != nil {
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

func (s *Server) productStock(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID      string `json:"id"`
		InStock *bool  `json:"inStock"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.ID == "" {
		s.fail(w, r, haat.Errorf(haat.EINVALID, "Product id is required"))
		return
	}
	if req.InStock == nil {
		s.fail(w, r, haat.Errorf(haat.EINVALID, "inStock must be true or false"))
		return
	}
	if err := s.Products.SetInStock(r.Context(), req.ID, *req.InStock); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"message": "Stock Updated"})
}

// parseQuantity reads a JSON value that must be a whole number.
func parseQuantity(raw json.RawMessage) (int, error) {
	q, err := strconv.Atoi(string(raw))
	if err != nil {
		return 0, haat.Errorf(haat.EINVALID, "Quantity must be a whole number from 1 to %d", haat.MaxQuantity)
	}
	return q, haat.ValidateQuantity(q)
}

// cartUpdate replaces the shopper's cart. A version (the cartVersion the client last saw) makes
// the update conditional: when the cart has changed since, the answer is 409 with the stored
// cart and version, for the client to merge into and retry. Without one, as the spec's client
// sends it, the cart is replaced.
func (s *Server) cartUpdate(w http.ResponseWriter, r *http.Request) {
	var req struct {
		CartItems map[string]json.RawMessage `json:"cartItems"`
		Version   *int64                     `json:"version"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.CartItems == nil {
		s.fail(w, r, haat.Errorf(haat.EINVALID, "cartItems is required"))
		return
	}
	cart := make(haat.Cart, len(req.CartItems))
	for id, raw := range req.CartItems {
		q, err := parseQuantity(raw)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		cart[id] = q
	}
	version, err := s.Users.UpdateCart(r.Context(), subject(r.Context(), haat.RoleUser), cart, req.Version)
	var conflict *haat.CartConflict
	if errors.As(err, &conflict) {
		writeJSON(w, http.StatusConflict, map[string]any{"success": false, "message": haat.ErrorMessage(err),
			"cartItems": conflict.Cart, "cartVersion": conflict.Version})
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"message": "Cart Updated", "cartVersion": version})
}

func (s *Server) addressAdd(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Address *haat.Address `json:"address"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.Address == nil {
		s.fail(w, r, haat.Errorf(haat.EINVALID, "address is required"))
		return
	}
	a := *req.Address
	a.UserID = subject(r.Context(), haat.RoleUser)
	if err := s.Addresses.CreateAddress(r.Context(), &a); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"message": "Address Added", "address": a})
}

func (s *Server) addressGet(w http.ResponseWriter, r *http.Request) {
	list, err := s.Addresses.Addresses(r.Context(), subject(r.Context(), haat.RoleUser))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"addresses": list})
}

// decodeOrder reads an order request; userId, amount and prices in the body are ignored, and the
// checkout sets the payment type.
func decodeOrder(w http.ResponseWriter, r *http.Request) (haat.NewOrder, string, error) {
	var req struct {
		Method string `json:"method"`
		Items  []struct {
			Product  string          `json:"product"`
			Quantity json.RawMessage `json:"quantity"`
		} `json:"items"`
		Address string `json:"address"`
	}
	o := haat.NewOrder{UserID: subject(r.Context(), haat.RoleUser)}
	if err := decodeJSON(w, r, &req); err != nil {
		return o, "", err
	}
	o.AddressID = req.Address
	for _, it := range req.Items {
		q, err := parseQuantity(it.Quantity)
		if err != nil {
			return o, "", err
		}
		o.Lines = append(o.Lines, haat.OrderLine{ProductID: it.Product, Quantity: q})
	}
	return o, req.Method, nil
}

func (s *Server) orderCOD(w http.ResponseWriter, r *http.Request) {
	o, _, err := decodeOrder(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if _, err := s.Checkout.PlaceCashOrder(r.Context(), o); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"message": "Order Placed Successfully"})
}

// orderOnline places an order that awaits payment and answers the provider's address to send
// the shopper to.
func (s *Server) orderOnline(w http.ResponseWriter, r *http.Request) {
	o, method, err := decodeOrder(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	url, err := s.Checkout.PlaceOnlineOrder(r.Context(), o, method, s.baseURL(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"url": url})
}

// orderPay starts a new payment of one of the shopper's online orders that is not paid yet: one
// whose payment failed, or was left unfinished.
func (s *Server) orderPay(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID     string `json:"id"`
		Method string `json:"method"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	url, err := s.Checkout.PayAgain(r.Context(), subject(r.Context(), haat.RoleUser), req.ID, req.Method, s.baseURL(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"url": url})
}

func (s *Server) orderUser(w http.ResponseWriter, r *http.Request) {
	orders, err := s.Orders.UserOrders(r.Context(), subject(r.Context(), haat.RoleUser))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]userOrder, len(orders))
	for i, o := range orders {
		out[i] = userOrder{Order: o, CanPay: o.CheckPay() == nil}
	}
	ok(w, map[string]any{"orders": out})
}

// userOrder is an order as its shopper sees it: with whether it can be paid now (POST /api/order/pay).
type userOrder struct {
	haat.Order
	CanPay bool `json:"canPay"`
}

// sellerOrdersPage is how many orders GET /api/order/seller answers at a time, newest first.
const sellerOrdersPage = 50

// sellerOrder is an order as the seller sees it: with the steps it can take now, and the
// payments it owes back.
type sellerOrder struct {
	haat.Order
	NextStatuses []haat.OrderStatus `json:"nextStatuses"`
	CanMarkPaid  bool               `json:"canMarkPaid"`
	// Refunds are the order's payments owed back or given back: amount, provider, reference.
	Refunds []haat.Refund `json:"refunds"`
	// CanRefund: a refund due can be made through its provider (POST /api/order/refund).
	CanRefund bool `json:"canRefund"`
	// CanMarkRefunded: a refund is due, to be recorded once made by hand (POST /api/order/refunded).
	CanMarkRefunded bool `json:"canMarkRefunded"`
}

func (s *Server) sellerOrder(o haat.Order) sellerOrder {
	so := sellerOrder{Order: o, NextStatuses: o.NextStatuses(), CanMarkPaid: o.CheckMarkPaid() == nil,
		Refunds: o.Refunds, CanMarkRefunded: o.CheckMarkRefunded() == nil}
	if so.Refunds == nil {
		so.Refunds = []haat.Refund{}
	}
	for _, r := range o.Refunds {
		if r.State == haat.RefundDue && s.Payments.CanRefund(r.Provider) {
			so.CanRefund = true
		}
	}
	return so
}

// orderSeller answers the newest orders the seller handles; ?before=<order id> pages further back,
// and ?number=10482 (or #10482) answers the one order with that number, if any.
func (s *Server) orderSeller(w http.ResponseWriter, r *http.Request) {
	if q := r.URL.Query(); q.Has("number") {
		s.orderSellerByNumber(w, r, q.Get("number"))
		return
	}
	orders, more, err := s.Orders.SellerOrders(r.Context(), r.URL.Query().Get("before"), sellerOrdersPage)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]sellerOrder, len(orders))
	for i, o := range orders {
		out[i] = s.sellerOrder(o)
	}
	ok(w, map[string]any{"orders": out, "hasMore": more})
}

// orderSellerByNumber answers the order the seller handles with the number typed, in a list
// that is empty when there is none.
func (s *Server) orderSellerByNumber(w http.ResponseWriter, r *http.Request, typed string) {
	number, err := haat.ParseOrderNumber(typed)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := []sellerOrder{}
	o, err := s.Orders.SellerOrderByNumber(r.Context(), number)
	switch {
	case err == nil:
		out = append(out, s.sellerOrder(*o))
	case haat.ErrorCode(err) != haat.ENOTFOUND:
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"orders": out, "hasMore": false})
}

// orderChange is a seller's change to an order: its id and, for a status step, the new status.
type orderChange struct {
	ID     string           `json:"id"`
	Status haat.OrderStatus `json:"status"`
}

// decodeOrderChange reads an order change; withStatus says whether the status is required.
func decodeOrderChange(w http.ResponseWriter, r *http.Request, withStatus bool) (orderChange, error) {
	var req orderChange
	if err := decodeJSON(w, r, &req); err != nil {
		return req, err
	}
	if req.ID == "" {
		return req, haat.Errorf(haat.EINVALID, "Order id is required")
	}
	if withStatus && req.Status == "" {
		return req, haat.Errorf(haat.EINVALID, "Order status is required")
	}
	return req, nil
}

// answerOrderChange answers the changed order as the seller sees it, or the error.
func (s *Server) answerOrderChange(w http.ResponseWriter, r *http.Request, o *haat.Order, err error, message string) {
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"order": s.sellerOrder(*o), "message": message})
}

// orderStatus moves an order to the next step of its handling, or cancels it.
func (s *Server) orderStatus(w http.ResponseWriter, r *http.Request) {
	req, err := decodeOrderChange(w, r, true)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	o, err := s.Orders.SetOrderStatus(r.Context(), req.ID, req.Status)
	s.answerOrderChange(w, r, o, err, "Order "+string(req.Status))
}

// orderPaid records that a delivered cash order has been paid at the door.
func (s *Server) orderPaid(w http.ResponseWriter, r *http.Request) {
	req, err := decodeOrderChange(w, r, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	o, err := s.Orders.MarkOrderPaid(r.Context(), req.ID)
	s.answerOrderChange(w, r, o, err, "Marked Paid")
}

// orderRefund gives back, through the payment provider, the money of an order that is owed back.
func (s *Server) orderRefund(w http.ResponseWriter, r *http.Request) {
	req, err := decodeOrderChange(w, r, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	o, err := s.Payments.Refund(r.Context(), req.ID)
	s.answerOrderChange(w, r, o, err, "Refunded")
}

// orderRefunded records that the money of an order that was owed back has been given back by hand.
func (s *Server) orderRefunded(w http.ResponseWriter, r *http.Request) {
	req, err := decodeOrderChange(w, r, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	o, err := s.Orders.MarkOrderRefunded(r.Context(), req.ID)
	s.answerOrderChange(w, r, o, err, "Marked Refunded")
}
