package api

import (
	"mime"
	"net/http"
	"time"

	"haat"
	"haat/deliveries"
	"haat/payment"
)

// AssignRequest gives an order to a rider, or takes it back with rider "" (POST /api/order/assign).
type AssignRequest struct {
	ID    string `json:"id"`
	Rider string `json:"rider"`
}

// RidersResponse is the store's riders, for giving them orders (GET /api/seller/riders).
type RidersResponse struct {
	Riders  []haat.Seller `json:"riders"`
	Success bool          `json:"success"`
}

// Delivery is an order as its rider sees it: where to take it, when, and what to collect.
type Delivery struct {
	ID          string           `json:"_id"`
	Number      int64            `json:"number"`
	Status      haat.OrderStatus `json:"status"`
	Slot        *haat.OrderSlot  `json:"slot,omitempty"`
	Address     haat.Address     `json:"address"`
	PaymentType haat.PaymentType `json:"paymentType"`
	IsPaid      bool             `json:"isPaid"`
	Amount      haat.Money       `json:"amount"`
	Currency    haat.Currency    `json:"currency"`
	// Collect is the cash to take at the door: a cash order's amount, 0 once paid.
	Collect haat.Money `json:"collect"`
	// Items counts the order's lines.
	Items int `json:"items"`
	// CanStart: the rider may set out with it (POST /api/rider/start); CanDeliver: mark it
	// delivered, or not (POST /api/rider/delivered, /api/rider/failed).
	CanStart   bool `json:"canStart"`
	CanDeliver bool `json:"canDeliver"`
	// CodeTriesLeft is how many handover codes the rider may still try before only a photo proves
	// the delivery.
	CodeTriesLeft int `json:"codeTriesLeft"`
	// CanTakeQR: the rider may take the cash order's money by a QR code (POST /api/rider/qr).
	CanTakeQR bool `json:"canTakeQR"`
}

// delivery is the order as its rider sees it.
func (s *Server) delivery(o haat.Order) Delivery {
	var rider string
	if o.Rider != nil {
		rider = o.Rider.ID
	}
	return Delivery{ID: o.ID, Number: o.Number, Status: o.Status, Slot: o.Slot, Address: o.Address, PaymentType: o.PaymentType,
		IsPaid: o.IsPaid, Amount: o.Amount, Currency: o.Currency, Collect: o.ToCollect(), Items: len(o.Items),
		CanStart: o.CheckStart(rider) == nil, CanDeliver: o.CheckDelivering(rider) == nil,
		CodeTriesLeft: max(0, haat.MaxHandoverTries-o.HandoverTries),
		CanTakeQR:     s.Payments.TakesQRAtTheDoor() && o.CheckDoorPay(rider) == nil}
}

// DoorQRQuery names one of the rider's orders, whose QR payment at the door is asked about
// (GET /api/rider/qr).
type DoorQRQuery struct {
	ID string `json:"id"`
}

// DoorQRResponse is where the QR payment at the door of one of the rider's orders stands, with the
// code to show while it is pending (POST and GET /api/rider/qr).
type DoorQRResponse struct {
	Payment payment.QRPayment `json:"payment"`
	Success bool              `json:"success"`
}

// riderQR shows a QR code for the exact amount of one of the rider's cash orders.
func (s *Server) riderQR(w http.ResponseWriter, r *http.Request) error {
	var req DeliveryRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	p, err := s.Payments.BeginDoor(r.Context(), subject(r.Context(), haat.RoleSeller), req.ID)
	if err != nil {
		return err
	}
	return ok(w, DoorQRResponse{Payment: *p, Success: true})
}

// riderQRStatus answers where the QR payment at the door of one of the rider's orders stands.
func (s *Server) riderQRStatus(w http.ResponseWriter, r *http.Request) error {
	p, err := s.Payments.DoorPayment(r.Context(), subject(r.Context(), haat.RoleSeller), r.URL.Query().Get("id"))
	if err != nil {
		return err
	}
	return ok(w, DoorQRResponse{Payment: *p, Success: true})
}

// DeliveriesResponse is the signed-in rider's deliveries of the day: those still to deliver, by
// slot, and those delivered today (GET /api/rider/deliveries).
type DeliveriesResponse struct {
	Deliveries []Delivery `json:"deliveries"`
	Success    bool       `json:"success"`
}

// DeliveryRequest names one of the rider's orders (POST /api/rider/start).
type DeliveryRequest struct {
	ID string `json:"id"`
}

// DeliveredRequest marks one of the rider's orders delivered with the shopper's handover code
// (POST /api/rider/delivered, as JSON). Without a code, the call is a multipart form instead: id,
// reason (why there is no code) and photo.
type DeliveredRequest struct {
	ID   string `json:"id"`
	Code string `json:"code"`
}

// FailedRequest brings one of the rider's orders back to the store, with why: noAnswer, refused
// or wrongAddress (POST /api/rider/failed).
type FailedRequest struct {
	ID     string              `json:"id"`
	Reason haat.FailedDelivery `json:"reason"`
}

// DeliveryResponse is the rider's order as it is now.
type DeliveryResponse struct {
	Delivery Delivery `json:"delivery"`
	Message  string   `json:"message"`
	Success  bool     `json:"success"`
}

// orderAssign gives an order to a rider, or takes it back.
func (s *Server) orderAssign(w http.ResponseWriter, r *http.Request) error {
	var req AssignRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.ID == "" {
		return haat.Errorf(haat.EINVALID, "Order id is required")
	}
	o, err := s.Deliveries.AssignOrder(r.Context(), req.ID, req.Rider)
	return s.answerOrderChange(w, r, o, err, say(w, r, "Rider assigned"))
}

func (s *Server) sellerRiders(w http.ResponseWriter, r *http.Request) error {
	riders, err := s.Deliveries.Riders(r.Context())
	if err != nil {
		return err
	}
	return ok(w, RidersResponse{Riders: riders, Success: true})
}

// riderDeliveries answers the signed-in rider's deliveries of the day, in the store's time zone.
func (s *Server) riderDeliveries(w http.ResponseWriter, r *http.Request) error {
	now := time.Now().In(haat.StoreZone)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, haat.StoreZone)
	orders, err := s.Deliveries.RiderDeliveries(r.Context(), subject(r.Context(), haat.RoleSeller), today)
	if err != nil {
		return err
	}
	out := make([]Delivery, len(orders))
	for i, o := range orders {
		out[i] = s.delivery(o)
	}
	return ok(w, DeliveriesResponse{Deliveries: out, Success: true})
}

// answerDelivery answers the rider's order as it is now, or the error.
func (s *Server) answerDelivery(w http.ResponseWriter, o *haat.Order, err error, message string) error {
	if err != nil {
		return err
	}
	return ok(w, DeliveryResponse{Delivery: s.delivery(*o), Message: message, Success: true})
}

func (s *Server) riderStart(w http.ResponseWriter, r *http.Request) error {
	var req DeliveryRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	o, err := s.Deliveries.StartDelivery(r.Context(), subject(r.Context(), haat.RoleSeller), req.ID)
	return s.answerDelivery(w, o, err, say(w, r, "Order %s", haat.StatusOutForDelivery))
}

// riderDelivered marks one of the rider's orders delivered: with the shopper's code (JSON), or
// with a photo and the reason there is no code (a multipart form).
func (s *Server) riderDelivered(w http.ResponseWriter, r *http.Request) error {
	rider := subject(r.Context(), haat.RoleSeller)
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "multipart/form-data" {
		return s.riderDeliveredWithPhoto(w, r, rider)
	}
	var req DeliveredRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Code == "" {
		return haat.Errorf(haat.EINVALID, "Enter the code the shopper was sent")
	}
	o, err := s.Deliveries.DeliverWithCode(r.Context(), rider, req.ID, req.Code)
	return s.answerDelivery(w, o, err, say(w, r, "Order %s", haat.StatusDelivered))
}

// riderDeliveredWithPhoto marks one of the rider's orders delivered, proved by one photo (checked
// by its content, like a product's) and the reason there is no code.
func (s *Server) riderDeliveredWithPhoto(w http.ResponseWriter, r *http.Request, rider string) error {
	form, err := multipartForm(w, r)
	if err != nil {
		return err
	}
	defer form.RemoveAll()
	id, reason := formValue(form, "id"), formValue(form, "reason")
	if err := s.Deliveries.CheckPhotoProof(r.Context(), rider, id, reason); err != nil {
		return err
	}
	files := form.File["photo"]
	if len(files) != 1 {
		return haat.Errorf(haat.EINVALID, "A photo of the delivery is required")
	}
	saved, err := s.saveUploads(r, files)
	if err != nil {
		return err
	}
	o, err := s.Deliveries.DeliverWithPhoto(r.Context(), rider, id, saved[0], reason)
	return s.answerDelivery(w, o, err, say(w, r, "Order %s", haat.StatusDelivered))
}

func (s *Server) riderFailed(w http.ResponseWriter, r *http.Request) error {
	var req FailedRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	why, err := deliveries.ParseFailed(string(req.Reason))
	if err != nil {
		return err
	}
	o, err := s.Deliveries.NotDelivered(r.Context(), subject(r.Context(), haat.RoleSeller), req.ID, why)
	return s.answerDelivery(w, o, err, say(w, r, "Back to the store"))
}
