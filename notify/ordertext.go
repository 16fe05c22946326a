package notify

import (
	"fmt"
	"strings"

	"haat"
)

// The words of the texts about orders, in English and Nepali.

// TextOf is the message the shopper gets about an order (haat.OrderText), from the store by its name, in their language: "Haat:
// your order #12 is out for delivery.", or in Nepali "Haat: तपाईंको अर्डर #१२ डेलिभरीका लागि निस्कियो।"
func TextOf(t haat.OrderText) string {
	if t.Language == haat.Nepali {
		return nepaliText(t)
	}
	var text string
	switch claimKind(t) {
	case haat.TextClaimReceived:
		t.Status = ""
		text = fmt.Sprintf("we have your claim about order #%d and will decide it within %d days. My Orders shows where it stands.", t.Number, haat.ClaimDecideDays)
	case haat.TextClaimDecided:
		t.Status = ""
		text = fmt.Sprintf("we have decided your claim about order #%d. My Orders shows what we decided and why.", t.Number)
	}
	switch t.Status {
	case "":
	case haat.StatusOrderPlaced:
		text = fmt.Sprintf("your order #%d is placed. We will text you when it is on its way.", t.Number)
	case haat.StatusOutForDelivery:
		text = fmt.Sprintf("your order #%d is out for delivery.", t.Number)
		if t.HandoverCode != "" {
			text += fmt.Sprintf(" Tell the rider the code %s when it arrives.", t.HandoverCode)
		}
	case haat.StatusDelivered:
		text = fmt.Sprintf("your order #%d is delivered. Thank you for shopping with us!", t.Number)
	case haat.StatusPacked:
		text = fmt.Sprintf("an item of your order #%d was not there, so we packed another instead. Accept or refuse it in My Orders within %d minutes; if you do not answer, it stays in your order.",
			t.Number, haat.SubstituteAnswerMinutes)
	default:
		text = fmt.Sprintf("your order #%d: %s.", t.Number, t.Status)
	}
	if t.Store == "" {
		return strings.ToUpper(text[:1]) + text[1:]
	}
	return t.Store + ": " + text
}

// claimKind is the kind of a claim's text, or "" for a text of an order's step.
func claimKind(t haat.OrderText) string {
	kind, _, ok := strings.Cut(string(t.Status), ":")
	if !ok {
		return ""
	}
	return kind
}

// nepaliText is TextOf in Nepali, with the order's number in Devanagari digits.
func nepaliText(t haat.OrderText) string {
	number := haat.LocalDigits(fmt.Sprintf("#%d", t.Number), haat.Nepali)
	var text string
	switch claimKind(t) {
	case haat.TextClaimReceived:
		t.Status = ""
		text = "अर्डर " + number + " बारे तपाईंको गुनासो पाइयो; " + haat.LocalDigits(fmt.Sprint(haat.ClaimDecideDays), haat.Nepali) + " दिनभित्र निर्णय गर्नेछौं। ‘मेरा अर्डरहरू’ मा यसको अवस्था हेर्नुहोस्।"
	case haat.TextClaimDecided:
		t.Status = ""
		text = "अर्डर " + number + " बारे तपाईंको गुनासोको निर्णय भयो। के निर्णय भयो र किन, ‘मेरा अर्डरहरू’ मा हेर्नुहोस्।"
	}
	switch t.Status {
	case "":
	case haat.StatusOrderPlaced:
		text = "तपाईंको अर्डर " + number + " राखियो। यो बाटोमा निस्कँदा हामी तपाईंलाई SMS गर्नेछौं।"
	case haat.StatusOutForDelivery:
		text = "तपाईंको अर्डर " + number + " डेलिभरीका लागि निस्कियो।"
		if t.HandoverCode != "" {
			text += " सामान आइपुग्दा राइडरलाई कोड " + haat.LocalDigits(t.HandoverCode, haat.Nepali) + " भन्नुहोस्।"
		}
	case haat.StatusDelivered:
		text = "तपाईंको अर्डर " + number + " पुर्‍याइयो। हामीसँग किनमेल गर्नुभएकोमा धन्यवाद!"
	case haat.StatusPacked:
		minutes := haat.LocalDigits(fmt.Sprint(haat.SubstituteAnswerMinutes), haat.Nepali)
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
