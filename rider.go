package haat

import (
	"crypto/rand"
	"crypto/subtle"
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"
)

// OrderRider is the rider an order is given to, as they were named when it was given: the seller
// sees who, the shopper the first name and the number to call once it is out for delivery.
type OrderRider struct {
	ID    string `json:"_id"`
	Name  string `json:"name"`
	Phone string `json:"phone,omitempty"`
}

// Proof is how a delivery was proved: by the handover code the shopper told the rider, or, when it
// could not be had, by a photo and the rider's reason.
type Proof struct {
	Method ProofMethod `json:"method"`
	Photo  string      `json:"photo,omitempty"`
	Reason string      `json:"reason,omitempty"`
}

// ProofMethod is how a delivery was proved.
type ProofMethod string

// Ways a delivery is proved.
const (
	ProofCode  ProofMethod = "code"
	ProofPhoto ProofMethod = "photo"
)

// HandoverCodeLength is how many digits the handover code has; MaxHandoverTries how many wrong
// codes a rider may give for one delivery before only a photo proves it.
const (
	HandoverCodeLength = 4
	MaxHandoverTries   = 5
)

// NewHandoverCode draws a handover code: HandoverCodeLength random digits.
func NewHandoverCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(10_000))
	if err != nil {
		panic(err) // crypto/rand never fails on supported systems
	}
	return fmt.Sprintf("%0*d", HandoverCodeLength, n.Int64())
}

// FailedDelivery is why a rider brought an order back.
type FailedDelivery string

// Reasons a delivery fails.
const (
	FailedNoAnswer     FailedDelivery = "noAnswer"
	FailedRefused      FailedDelivery = "refused"
	FailedWrongAddress FailedDelivery = "wrongAddress"
)

// MaxProofReason is the longest reason a rider gives for a delivery proved by a photo.
const MaxProofReason = 200

// CheckAssign explains why the order cannot be given to rider now, or returns nil: only a rider,
// and only before the order goes out.
func (o *Order) CheckAssign(rider *Seller) error {
	if rider != nil && rider.Role != StaffRider {
		return Errorf(EINVALID, "Orders are given to riders only")
	}
	if o.Status != StatusOrderPlaced && o.Status != StatusPacked {
		return Errorf(ECONFLICT, "An order that is %s cannot be given to a rider", o.Status)
	}
	return nil
}

// Assign gives the order to rider, or takes it back from its rider (nil).
func (o *Order) Assign(rider *Seller) error {
	if err := o.CheckAssign(rider); err != nil {
		return err
	}
	o.Rider = nil
	if rider != nil {
		o.Rider = &OrderRider{ID: rider.ID, Name: rider.Name, Phone: rider.Phone}
	}
	return nil
}

// errNotYours answers a rider who names an order not given to them, as for one that does not exist.
var errNotYours = Errorf(ENOTFOUND, "Order not found")

// CheckRider explains why the rider with riderID cannot take the order on now (Start), or returns
// nil: it is theirs, and packed.
func (o *Order) CheckRider(riderID string) error {
	if o.Rider == nil || o.Rider.ID != riderID {
		return errNotYours
	}
	return nil
}

// CheckStart explains why the rider with riderID cannot set out with the order now, or returns nil.
func (o *Order) CheckStart(riderID string) error {
	if err := o.CheckRider(riderID); err != nil {
		return err
	}
	return o.CheckStatusSet(StatusOutForDelivery)
}

// Start sends the order out with its rider: Out for Delivery, with a new handover code.
func (o *Order) Start(riderID string) error {
	if err := o.CheckStart(riderID); err != nil {
		return err
	}
	o.Status = StatusOutForDelivery
	return nil
}

// GoesOut gives an order that goes out for delivery with a rider (from was) its handover code, which
// the shopper is told and the rider asks for at the door; an order no longer out has none, nor one
// the store delivers without riders.
func (o *Order) GoesOut(was *Order) {
	switch {
	case o.Status != StatusOutForDelivery:
		o.HandoverCode = ""
	case was.Status != StatusOutForDelivery && o.Rider != nil:
		o.HandoverCode, o.HandoverTries = NewHandoverCode(), 0
	}
}

// CheckDelivering explains why the rider with riderID cannot mark the order delivered, or nil.
func (o *Order) CheckDelivering(riderID string) error {
	if err := o.CheckRider(riderID); err != nil {
		return err
	}
	if o.Status != StatusOutForDelivery {
		return Errorf(ECONFLICT, "An order that is %s cannot be delivered now", o.Status)
	}
	return o.CheckOffersAnswered()
}

// DeliverWithCode marks the order delivered by its rider with the handover code the shopper gave
// (a cash order is then paid: the rider took the money). A wrong code is counted (the change is
// kept: HandoverTries goes up) and answered with the tries left; after MaxHandoverTries only a
// photo proves the delivery.
func (o *Order) DeliverWithCode(riderID, code string) error {
	if err := o.CheckDelivering(riderID); err != nil {
		return err
	}
	if o.HandoverTries >= MaxHandoverTries {
		return Errorf(ECONFLICT, "Too many wrong codes: deliver it with a photo instead")
	}
	code = ASCIIDigits(strings.TrimSpace(code))
	if o.HandoverCode == "" || subtle.ConstantTimeCompare([]byte(code), []byte(o.HandoverCode)) != 1 {
		o.HandoverTries++
		return Errorf(EINVALID, "Wrong code. Tries left: %d", MaxHandoverTries-o.HandoverTries)
	}
	o.delivered(Proof{Method: ProofCode})
	return nil
}

// CheckPhotoProof explains why a photo and reason cannot prove the delivery, or returns nil.
func (o *Order) CheckPhotoProof(riderID, reason string) error {
	if err := o.CheckDelivering(riderID); err != nil {
		return err
	}
	switch reason = strings.TrimSpace(reason); {
	case reason == "":
		return Errorf(EINVALID, "Say why there is no code")
	case utf8.RuneCountInString(reason) > MaxProofReason:
		return Errorf(EINVALID, "The reason must be at most %d characters", MaxProofReason)
	}
	return nil
}

// DeliverWithPhoto marks the order delivered by its rider, proved by the photo stored (its URL
// path) and the reason the code could not be had.
func (o *Order) DeliverWithPhoto(riderID, photo, reason string) error {
	if err := o.CheckPhotoProof(riderID, reason); err != nil {
		return err
	}
	if photo == "" {
		return Errorf(EINVALID, "A photo of the delivery is required")
	}
	o.delivered(Proof{Method: ProofPhoto, Photo: photo, Reason: strings.TrimSpace(reason)})
	return nil
}

// delivered marks the order delivered with its proof; a cash order is paid to its rider.
func (o *Order) delivered(p Proof) {
	o.Status, o.Proof, o.HandoverCode = StatusDelivered, &p, ""
	if o.PaymentType == PaymentCOD {
		o.IsPaid = true
	}
}

// NotDelivered brings the order back to the store: Packed again, given to no rider, its handover
// code ended, and its history saying why.
func (o *Order) NotDelivered(riderID string, why FailedDelivery) error {
	if err := o.CheckRider(riderID); err != nil {
		return err
	}
	if o.Status != StatusOutForDelivery {
		return Errorf(ECONFLICT, "An order that is %s is not out for delivery", o.Status)
	}
	o.Status, o.Rider, o.HandoverCode, o.StepNote = StatusPacked, nil, "", string(why)
	return nil
}

// ToCollect is what the rider collects at the door: what is left to pay of a cash order once its
// store credit paid its part (ToPay), until it is paid.
func (o *Order) ToCollect() Money {
	if o.PaymentType == PaymentCOD && !o.IsPaid {
		return o.ToPay
	}
	return 0
}

// ForShopper is the order as its shopper sees it: its history without who took each step (a rider
// named by first name), and its rider's first name and number only while it is out for delivery.
func (o Order) ForShopper() Order {
	events := make([]OrderEvent, len(o.Events))
	for i, e := range o.Events {
		e.By = nil
		if e.Status == StepAssigned {
			e.Note = FirstName(e.Note)
		}
		events[i] = e
	}
	o.Events = events
	if o.Rider != nil && o.Status == StatusOutForDelivery {
		o.Rider = &OrderRider{Name: FirstName(o.Rider.Name), Phone: o.Rider.Phone}
	} else {
		o.Rider = nil
	}
	return o
}

// CheckDoorPay explains why the rider with riderID cannot take the order's money by QR code at the
// door now, or returns nil: their order, out for delivery, paid in cash and not paid yet.
func (o *Order) CheckDoorPay(riderID string) error {
	if err := o.CheckRider(riderID); err != nil {
		return err
	}
	switch {
	case o.PaymentType != PaymentCOD || o.IsPaid:
		return Errorf(ECONFLICT, "The order is paid already")
	case o.Status != StatusOutForDelivery:
		return Errorf(ECONFLICT, "An order that is %s is not out for delivery", o.Status)
	}
	return nil
}
