package haat

import (
	"context"
	"fmt"
	"strings"
)

// TextedStatuses are the steps of an order that its shopper is told of by SMS, when they sign in
// by phone and an SMS provider is configured: placed, out for delivery, delivered. An order packed
// with a substitute to accept or refuse is texted too, with the text of its step Packed.
var TextedStatuses = []OrderStatus{StatusOrderPlaced, StatusOutForDelivery, StatusDelivered}

// OrderText is one SMS to a shopper about a step of their order.
type OrderText struct {
	OrderID string
	Number  int64
	Status  OrderStatus
	// Phone is the shopper's mobile number, 10 digits.
	Phone string
	// Tries counts the sends tried before, that failed.
	Tries int
	// Store is the store's name, which the text starts with; empty: the text names none.
	Store string
	// Language is the language the shopper's account reads the store in; empty is English.
	Language Language
	// HandoverCode is the code to tell the rider at the door, in the text of Out for Delivery.
	HandoverCode string
}

// A claim about an order is texted too: acknowledged at once, and its decision. Its texts are kept
// with the order's under a status of their own, ClaimText(TextClaimReceived, claim id), so that each
// claim is texted once of each.
const (
	TextClaimReceived = "Claim Received"
	TextClaimDecided  = "Claim Decided"
)

// ClaimText is the status the text of a claim is kept under: its kind and the claim's id.
func ClaimText(kind, claimID string) OrderStatus { return OrderStatus(kind + ":" + claimID) }

// claimKind is the kind of a claim's text, or "" for a text of an order's step.
func (t OrderText) claimKind() string {
	kind, _, ok := strings.Cut(string(t.Status), ":")
	if !ok {
		return ""
	}
	return kind
}

// MaxOrderTextTries is how many times an order's text is tried before it is given up.
const MaxOrderTextTries = 5

// Text is the message the shopper gets, from the store by its name, in their language: "Haat:
// your order #12 is out for delivery.", or in Nepali "Haat: तपाईंको अर्डर #१२ डेलिभरीका लागि निस्कियो।"
func (t OrderText) Text() string {
	if t.Language == Nepali {
		return t.nepali()
	}
	var text string
	switch t.claimKind() {
	case TextClaimReceived:
		t.Status = ""
		text = fmt.Sprintf("we have your claim about order #%d and will decide it within %d days. My Orders shows where it stands.", t.Number, ClaimDecideDays)
	case TextClaimDecided:
		t.Status = ""
		text = fmt.Sprintf("we have decided your claim about order #%d. My Orders shows what we decided and why.", t.Number)
	}
	switch t.Status {
	case "":
	case StatusOrderPlaced:
		text = fmt.Sprintf("your order #%d is placed. We will text you when it is on its way.", t.Number)
	case StatusOutForDelivery:
		text = fmt.Sprintf("your order #%d is out for delivery.", t.Number)
		if t.HandoverCode != "" {
			text += fmt.Sprintf(" Tell the rider the code %s when it arrives.", t.HandoverCode)
		}
	case StatusDelivered:
		text = fmt.Sprintf("your order #%d is delivered. Thank you for shopping with us!", t.Number)
	case StatusPacked:
		text = fmt.Sprintf("an item of your order #%d was not there, so we packed another instead. Accept or refuse it in My Orders within %d minutes; if you do not answer, it stays in your order.",
			t.Number, SubstituteAnswerMinutes)
	default:
		text = fmt.Sprintf("your order #%d: %s.", t.Number, t.Status)
	}
	if t.Store == "" {
		return strings.ToUpper(text[:1]) + text[1:]
	}
	return t.Store + ": " + text
}

// OrderTextService keeps the texts to send about orders: the store writes one in the transaction
// that moves an order to a texted step, and a sender takes them from there, so that a failed SMS
// never fails the order.
type OrderTextService interface {
	// TakeOrderTexts takes up to limit texts to send, oldest first; a text taken is not taken
	// again, by this server or another, unless OrderTextFailed gives it back.
	TakeOrderTexts(ctx context.Context, limit int) ([]OrderText, error)
	// OrderTextFailed gives a taken text back to be tried again, until MaxOrderTextTries.
	OrderTextFailed(ctx context.Context, t OrderText) error
}

// nepali is Text in Nepali, with the order's number in Devanagari digits.
func (t OrderText) nepali() string {
	number := LocalDigits(fmt.Sprintf("#%d", t.Number), Nepali)
	var text string
	switch t.claimKind() {
	case TextClaimReceived:
		t.Status = ""
		text = "अर्डर " + number + " बारे तपाईंको गुनासो पाइयो; " + LocalDigits(fmt.Sprint(ClaimDecideDays), Nepali) + " दिनभित्र निर्णय गर्नेछौं। ‘मेरा अर्डरहरू’ मा यसको अवस्था हेर्नुहोस्।"
	case TextClaimDecided:
		t.Status = ""
		text = "अर्डर " + number + " बारे तपाईंको गुनासोको निर्णय भयो। के निर्णय भयो र किन, ‘मेरा अर्डरहरू’ मा हेर्नुहोस्।"
	}
	switch t.Status {
	case "":
	case StatusOrderPlaced:
		text = "तपाईंको अर्डर " + number + " राखियो। यो बाटोमा निस्कँदा हामी तपाईंलाई SMS गर्नेछौं।"
	case StatusOutForDelivery:
		text = "तपाईंको अर्डर " + number + " डेलिभरीका लागि निस्कियो।"
		if t.HandoverCode != "" {
			text += " सामान आइपुग्दा राइडरलाई कोड " + LocalDigits(t.HandoverCode, Nepali) + " भन्नुहोस्।"
		}
	case StatusDelivered:
		text = "तपाईंको अर्डर " + number + " पुर्‍याइयो। हामीसँग किनमेल गर्नुभएकोमा धन्यवाद!"
	case StatusPacked:
		minutes := LocalDigits(fmt.Sprint(SubstituteAnswerMinutes), Nepali)
		text = "तपाईंको अर्डर " + number + " को एउटा सामान थिएन, त्यसैले हामीले अर्को सामान राखेका छौं। " + minutes +
			" मिनेटभित्र ‘मेरा अर्डरहरू’ मा स्वीकार वा अस्वीकार गर्नुहोस्; जवाफ नदिए यो तपाईंको अर्डरमा रहन्छ।"
	default:
		text = "तपाईंको अर्डर " + number + ": " + string(t.Status) + "।"
	}
	if t.Store == "" {
		return text
	}
	return t.Store + ": " + text
}
