package haat

import (
	"context"
	"time"
)

// Actor is who did something to an order: a member of staff (by their role), the shopper, a
// payment provider, or the store by itself (an unpaid order's time running out).
type Actor struct {
	ID   string `json:"-"`
	Name string `json:"name"`
	// Role is the member of staff's role (owner, packer, rider), or ActorShopper, ActorPayment or
	// ActorStore.
	Role string `json:"role"`
}

// Roles of an actor that is not a member of staff.
const (
	ActorShopper = "shopper"
	ActorPayment = "payment"
	ActorStore   = "store"
)

// StaffActor is a member of staff as the orders they change record them.
func StaffActor(s *Seller) Actor {
	return Actor{ID: s.ID, Name: s.Name, Role: string(s.Role)}
}

type actorKey struct{}

// WithActor is ctx carrying who acts in it: the order steps taken within record them.
func WithActor(ctx context.Context, a Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, a)
}

// ActorOf is who acts in ctx; the store itself when no one was named.
func ActorOf(ctx context.Context) Actor {
	if a, ok := ctx.Value(actorKey{}).(Actor); ok {
		return a
	}
	return Actor{Role: ActorStore}
}

// OrderStep is a step in an order's history: its placing, its payment, a change of its status,
// its rider, a failed delivery or a refund.
type OrderStep string

// Steps of an order's history. Those named as statuses are the moves to that status.
const (
	StepPlaced         OrderStep = "Order Placed"
	StepPaid           OrderStep = "Paid"
	StepPacked         OrderStep = "Packed"
	StepAssigned       OrderStep = "Assigned"
	StepOutForDelivery OrderStep = "Out for Delivery"
	StepDelivered      OrderStep = "Delivered"
	StepNotDelivered   OrderStep = "Not Delivered"
	StepCancelled      OrderStep = "Cancelled"
	StepRefunded       OrderStep = "Refunded"
)

// Notes of the steps the store takes by itself (a cancelled order's reason); the storefront says
// them in the language shown.
const (
	NoteSoldOut = "soldOut" // its units sold meanwhile, while its payment was late
	NoteUnpaid  = "unpaid"  // not paid in time
	// NoteAtTheDoor: a cash order paid by QR code to its rider at the door.
	NoteAtTheDoor = "atTheDoor"
	// NoteStoreCredit: an order paid wholly with its shopper's store credit as it was placed.
	NoteStoreCredit = "storeCredit"
	// NoteReplacement: a replacement sent for a claim, at no charge.
	NoteReplacement = "replacement"
)

// OrderEvent is a step of an order's history: what happened, when, who did it and, for some, a
// note (the rider assigned, why a delivery failed).
type OrderEvent struct {
	Status OrderStep `json:"status"`
	At     time.Time `json:"at"`
	// By is who took the step; the shopper's view of their order leaves it out.
	By   *Actor `json:"by,omitempty"`
	Note string `json:"note,omitempty"`
}

// Steps are the steps an order took from was to now, besides its placing and refunds: its
// payment arriving, a rider given it, and a new status (a delivery that failed sends it back to
// Packed). A step's note is now's StepNote, or the rider's name for Assigned.
func Steps(was, now *Order) []OrderEvent {
	var steps []OrderEvent
	if now.IsPaid && !was.IsPaid {
		steps = append(steps, OrderEvent{Status: StepPaid})
	}
	if now.Rider != nil && (was.Rider == nil || was.Rider.ID != now.Rider.ID) {
		steps = append(steps, OrderEvent{Status: StepAssigned, Note: now.Rider.Name})
	}
	switch {
	case now.Status == was.Status:
	case was.Status == StatusOutForDelivery && now.Status == StatusPacked:
		steps = append(steps, OrderEvent{Status: StepNotDelivered, Note: now.StepNote})
	case now.Status == StatusPacked, now.Status == StatusOutForDelivery, now.Status == StatusDelivered, now.Status == StatusCancelled:
		steps = append(steps, OrderEvent{Status: OrderStep(now.Status), Note: now.StepNote})
	}
	return steps
}
