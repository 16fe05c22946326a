package haat

// Notifications are the kinds of message a shopper chose to get. A new account gets news of its
// orders and of products back in stock, and no newsletter until it asks for one.
type Notifications struct {
	// Orders: mails when an order is placed, out for delivery, delivered, cancelled or refunded;
	// to an account that signs in by phone, texts when it is placed, out for delivery, delivered.
	Orders bool `json:"orders"`
	// BackInStock: a message when a product the shopper asked about is on sale again.
	BackInStock bool `json:"backInStock"`
	// Newsletter: the store's news and offers; the account's email is then on the newsletter's
	// list (see newsletter.Service).
	Newsletter bool `json:"newsletter"`
}

// DefaultNotifications are the choices of a new account.
var DefaultNotifications = Notifications{Orders: true, BackInStock: true}

// NotificationChoice is a change of some of a shopper's choices; a field left out (nil) keeps
// its choice.
type NotificationChoice struct {
	Orders      *bool `json:"orders,omitempty"`
	BackInStock *bool `json:"backInStock,omitempty"`
	Newsletter  *bool `json:"newsletter,omitempty"`
}

// Apply returns n with the choice's changes.
func (c NotificationChoice) Apply(n Notifications) Notifications {
	for _, f := range []struct {
		to   *bool
		from *bool
	}{{&n.Orders, c.Orders}, {&n.BackInStock, c.BackInStock}, {&n.Newsletter, c.Newsletter}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	return n
}

// Validate refuses a choice that changes nothing.
func (c NotificationChoice) Validate() error {
	if c.Orders == nil && c.BackInStock == nil && c.Newsletter == nil {
		return Errorf(EINVALID, "Choose which messages you want")
	}
	return nil
}

// MessageKind names what a message to a shopper tells. Adding a kind takes a constant here, its
// words in notify's table of mails (both languages), and a call that queues it in the change it
// tells of.
type MessageKind string

// The kinds of message the store sends.
const (
	MessageOrderPlaced    MessageKind = "order_placed"
	MessageOutForDelivery MessageKind = "out_for_delivery"
	MessageDelivered      MessageKind = "delivered"
	MessageCancelled      MessageKind = "cancelled"
	MessageRefunded       MessageKind = "refunded"
	MessageBackInStock    MessageKind = "back_in_stock"
	// MessageSubstitute asks the shopper to accept or refuse a substitute packed in their order.
	MessageSubstitute MessageKind = "substitute"
	// MessageClaimReceived acknowledges a shopper's claim at once; MessageClaimDecided tells them
	// the store's decision.
	MessageClaimReceived MessageKind = "claim_received"
	MessageClaimDecided  MessageKind = "claim_decided"
	// MessagePasswordReset carries a code to set a new password. It is mailed at once, never
	// queued: the outbox keeps no code.
	MessagePasswordReset MessageKind = "password_reset"
)

// Chosen says whether the shopper chose to get messages of the kind and can turn them off on the
// account page (Notifications): news of orders and of products back in stock. A password reset's
// code and a newsletter's confirmation are sent because the shopper just asked for them.
func (k MessageKind) Chosen() bool {
	switch k {
	case MessageOrderPlaced, MessageOutForDelivery, MessageDelivered, MessageCancelled, MessageRefunded, MessageBackInStock, MessageSubstitute,
		MessageClaimReceived, MessageClaimDecided:
		return true
	}
	return false
}

// Channel is how a message reaches its shopper.
type Channel string

// The channels: an account with an email is mailed; one that signs in by phone is texted.
const (
	ChannelMail Channel = "mail"
	ChannelSMS  Channel = "sms"
)

// OrderMessage is the message that tells a shopper their order moved from was to now, if there
// is one: placed (also after an online payment), out for delivery, delivered, and cancelled once
// it was placed (an online order never paid was never placed: its cancelling tells nothing new).
func OrderMessage(was, now OrderStatus) (MessageKind, bool) {
	if was == now {
		return "", false
	}
	switch now {
	case StatusOrderPlaced:
		return MessageOrderPlaced, true
	case StatusOutForDelivery:
		return MessageOutForDelivery, true
	case StatusDelivered:
		return MessageDelivered, true
	case StatusCancelled:
		if was == StatusAwaitingPayment || was == StatusPaymentFailed {
			return "", false
		}
		return MessageCancelled, true
	}
	return "", false
}

// Message is one message due to a shopper, with what its words are made from.
type Message struct {
	ID      string
	Channel Channel
	Kind    MessageKind
	// To is the shopper's email address (ChannelMail) or mobile number (ChannelSMS).
	To   string
	Name string
	// Language is the language the account reads the store in (English when it chose none).
	Language Language
	// Store is the store's name as it is now; empty when it has none.
	Store string
	// Order is the order the message is about, with its bill as placed; nil for none.
	Order *Order
	// Product is the product the message is about (back in stock); nil for none.
	Product *Product
	// Code is the code a password reset mail carries; never stored.
	Code string `json:"-"`
	// Confirm is the token of the link that confirms a newsletter signup (its confirmation
	// mail); Unsubscribe that of the link that takes a subscriber off the list. A message to an
	// account has neither: its mails link to the account's choices.
	Confirm, Unsubscribe string
	// Tries counts the sends tried before, that failed.
	Tries int
}
