package notify

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"strconv"
	"strings"
	"text/template"

	"haat"
	"haat/mail"
	"haat/newsletter"
)

// words are what a kind of message says in one language: its subject and the paragraph before
// the details (the order's bill, or the product). Each is a template over wordsData.
type words struct{ Subject, Intro string }

// wordsData is what the words of a message may name.
type wordsData struct {
	// Name is the shopper's name; Number the order's ("#12", in the language's digits); Product
	// the product's name in the language.
	Name, Number, Product string
	// Code is a password reset's code.
	Code string
	// Minutes is how long a shopper has to answer a substitute offered, in the language's digits.
	Minutes string
}

// mails are the words of each kind of message, in each language the store speaks. Adding a kind
// is adding its entry here.
var mails = map[haat.MessageKind]map[haat.Language]words{
	haat.MessageOrderPlaced: {
		haat.English: {"Your order {{.Number}} is placed", "Thank you for your order {{.Number}}. We will tell you when it is on its way."},
		haat.Nepali:  {"तपाईंको अर्डर {{.Number}} राखियो", "तपाईंको अर्डर {{.Number}} का लागि धन्यवाद। यो बाटोमा निस्कँदा हामी तपाईंलाई जानकारी दिनेछौं।"},
	},
	haat.MessageOutForDelivery: {
		haat.English: {"Your order {{.Number}} is out for delivery", "Your order {{.Number}} is on its way to you."},
		haat.Nepali:  {"तपाईंको अर्डर {{.Number}} डेलिभरीका लागि निस्कियो", "तपाईंको अर्डर {{.Number}} तपाईंतर्फ आउँदैछ।"},
	},
	haat.MessageDelivered: {
		haat.English: {"Your order {{.Number}} is delivered", "Your order {{.Number}} is delivered. Thank you for shopping with us!"},
		haat.Nepali:  {"तपाईंको अर्डर {{.Number}} पुर्‍याइयो", "तपाईंको अर्डर {{.Number}} पुर्‍याइयो। हामीसँग किनमेल गर्नुभएकोमा धन्यवाद!"},
	},
	haat.MessageCancelled: {
		haat.English: {"Your order {{.Number}} is cancelled", "Your order {{.Number}} is cancelled. If you paid for it, the money will be given back to you."},
		haat.Nepali:  {"तपाईंको अर्डर {{.Number}} रद्द भयो", "तपाईंको अर्डर {{.Number}} रद्द भयो। तपाईंले भुक्तानी गर्नुभएको भए रकम फिर्ता गरिनेछ।"},
	},
	haat.MessageRefunded: {
		haat.English: {"Your money for order {{.Number}} is refunded", "We have given back the money you paid for order {{.Number}}. It may take a few days to reach your account."},
		haat.Nepali:  {"अर्डर {{.Number}} को रकम फिर्ता गरियो", "अर्डर {{.Number}} का लागि तपाईंले तिर्नुभएको रकम हामीले फिर्ता गर्यौं। तपाईंको खातामा पुग्न केही दिन लाग्न सक्छ।"},
	},
	haat.MessageClaimReceived: {
		haat.English: {"We have your claim about order {{.Number}}", "We have recorded your claim about order {{.Number}}. We will decide it within 15 days and tell you; My Orders shows its reference and where it stands."},
		haat.Nepali:  {"अर्डर {{.Number}} बारे तपाईंको गुनासो पाइयो", "अर्डर {{.Number}} बारे तपाईंको गुनासो हामीले दर्ता गर्यौं। १५ दिनभित्र निर्णय गरी जानकारी दिनेछौं; ‘मेरा अर्डरहरू’ मा यसको सन्दर्भ नम्बर र अवस्था हेर्न सकिन्छ।"},
	},
	haat.MessageClaimDecided: {
		haat.English: {"Your claim about order {{.Number}} is decided", "We have decided your claim about order {{.Number}}. My Orders shows what we decided and why."},
		haat.Nepali:  {"अर्डर {{.Number}} बारे तपाईंको गुनासोको निर्णय भयो", "अर्डर {{.Number}} बारे तपाईंको गुनासोको निर्णय भयो। के निर्णय भयो र किन, ‘मेरा अर्डरहरू’ मा हेर्नुहोस्।"},
	},
	haat.MessageSubstitute: {
		haat.English: {"A substitute in your order {{.Number}}", "An item of your order {{.Number}} was not there, so we packed another instead. Accept or refuse it in My Orders within {{.Minutes}} minutes; if you do not answer, it stays in your order."},
		haat.Nepali:  {"तपाईंको अर्डर {{.Number}} मा अर्को सामान", "तपाईंको अर्डर {{.Number}} को एउटा सामान थिएन, त्यसैले हामीले अर्को सामान राखेका छौं। {{.Minutes}} मिनेटभित्र ‘मेरा अर्डरहरू’ मा स्वीकार वा अस्वीकार गर्नुहोस्; जवाफ नदिए यो तपाईंको अर्डरमा रहन्छ।"},
	},
	haat.MessagePasswordReset: {
		haat.English: {"Your password reset code", "Your code to set a new password is {{.Code}}. It works for 15 minutes. If you did not ask for it, ignore this mail: your password stays as it is."},
		haat.Nepali:  {"तपाईंको पासवर्ड रिसेट कोड", "नयाँ पासवर्ड राख्ने तपाईंको कोड {{.Code}} हो। यो १५ मिनेटसम्म चल्छ। तपाईंले यो मागनुभएको होइन भने यो इमेललाई बेवास्ता गर्नुहोस्: तपाईंको पासवर्ड जस्ताको तस्तै रहन्छ।"},
	},
	haat.MessageBackInStock: {
		haat.English: {"{{.Product}} is back in stock", "{{.Product}}, which you asked about, is on sale again."},
		haat.Nepali:  {"{{.Product}} फेरि उपलब्ध छ", "तपाईंले सोध्नुभएको {{.Product}} फेरि बिक्रीमा छ।"},
	},
	newsletter.MessageConfirm: {
		haat.English: {"Please confirm your newsletter signup", "Someone, we hope you, asked for our newsletter at this address. Follow the link below to confirm; if it was not you, ignore this mail and you will get nothing more."},
		haat.Nepali:  {"कृपया न्यूजलेटरको सदस्यता पक्का गर्नुहोस्", "यो ठेगानामा हाम्रो न्यूजलेटरका लागि अनुरोध आएको छ। पक्का गर्न तलको लिङ्क खोल्नुहोस्; तपाईंले अनुरोध गर्नुभएको होइन भने यो इमेललाई बेवास्ता गर्नुहोस्, अरू केही आउने छैन।"},
	},
}

// labels are the fixed words of every mail, in each language.
type labels struct {
	Hello, Order, Subtotal, Discount, Delivery, Free, Tax, VAT, Total, CreditUsed, ToPay, Thanks, Confirm, Unsubscribe, Choices string
}

var mailLabels = map[haat.Language]labels{
	haat.English: {Hello: "Hello", Order: "Order", Subtotal: "Subtotal", Discount: "Discount", Delivery: "Delivery", Free: "Free",
		Tax: "Tax", VAT: "VAT included", Total: "Total", CreditUsed: "Paid with store credit", ToPay: "To pay", Thanks: "Thank you",
		Confirm: "Confirm my address", Unsubscribe: "Unsubscribe",
		Choices: "Choose which messages you get, or turn these off"},
	haat.Nepali: {Hello: "नमस्ते", Order: "अर्डर", Subtotal: "उप-जम्मा", Discount: "छुट", Delivery: "डेलिभरी", Free: "निःशुल्क",
		Tax: "कर", VAT: "भ्याट समावेश", Total: "जम्मा", CreditUsed: "पसल क्रेडिटबाट तिरिएको", ToPay: "तिर्न बाँकी", Thanks: "धन्यवाद",
		Confirm: "मेरो ठेगाना पक्का गर्नुहोस्", Unsubscribe: "सदस्यता हटाउनुहोस्",
		Choices: "कुन सन्देशहरू पाउने छान्नुहोस्, वा यी बन्द गर्नुहोस्"},
}

// line is one row of a bill as a mail shows it.
type line struct{ Label, Amount string }

// rendered is what the mail's text and HTML are written from.
type rendered struct {
	Store, Hello, Intro, Title string
	Lines, Sums                []line
	Total                      line
	// Paid is, when store credit paid part of the order, what it paid and what is left to pay.
	Paid    []line
	Product string
	Thanks  string
	// Confirm is the link that confirms a newsletter signup, and ConfirmLabel its words;
	// Unsubscribe the link off the list, and UnsubscribeLabel its words.
	Confirm, ConfirmLabel, Unsubscribe, UnsubscribeLabel string
	// Choices is the link to the account page where a shopper turns off the kind of mail, on a
	// mail they chose to get (haat.MessageKind.Chosen); ChoicesLabel its words.
	Choices, ChoicesLabel string
}

// Render writes the mail of a message in its shopper's language: the subject and opening of its
// kind, then the order's bill as it was placed (every figure from haat.Bill), or the product. The
// links of a mail to a newsletter subscriber (to confirm, to unsubscribe, also as its
// List-Unsubscribe header) are under base, the store's public address.
func Render(m haat.Message, base string) (mail.Mail, error) {
	lang := m.Language
	if _, ok := mailLabels[lang]; !ok {
		lang = haat.English
	}
	kind, ok := mails[m.Kind]
	if !ok {
		return mail.Mail{}, fmt.Errorf("notify: no words for a %q message", m.Kind)
	}
	w := kind[lang]
	l := mailLabels[lang]
	data := wordsData{Name: m.Name, Code: m.Code, Minutes: answerMinutes(lang)}
	r := rendered{Store: m.Store, Hello: l.Hello + " " + m.Name + ",", Thanks: l.Thanks}
	if m.Name == "" {
		r.Hello = l.Hello + ","
	}
	base = strings.TrimSuffix(base, "/")
	if m.Confirm != "" {
		r.Confirm, r.ConfirmLabel = base+"/api/newsletter/confirm?token="+url.QueryEscape(m.Confirm), l.Confirm
	}
	if m.Unsubscribe != "" {
		r.Unsubscribe, r.UnsubscribeLabel = base+"/api/newsletter/unsubscribe?token="+url.QueryEscape(m.Unsubscribe), l.Unsubscribe
	}
	if m.Kind.Chosen() {
		r.Choices, r.ChoicesLabel = base+"/account", l.Choices
	}
	if m.Order != nil {
		data.Number = haat.LocalDigits(fmt.Sprintf("#%d", m.Order.Number), lang)
		r.Title = l.Order + " " + data.Number
		r.Lines, r.Sums, r.Total, r.Paid = bill(m.Order, lang, l)
	}
	if m.Product != nil {
		data.Product = productName(m.Product.Name, m.Product.NameNe, lang)
		r.Product = data.Product
	}
	subject, err := fill(w.Subject, data)
	if err != nil {
		return mail.Mail{}, err
	}
	if r.Intro, err = fill(w.Intro, data); err != nil {
		return mail.Mail{}, err
	}
	if m.Store != "" {
		subject = m.Store + ": " + subject
	}
	var text, html bytes.Buffer
	if err := textMail.Execute(&text, r); err != nil {
		return mail.Mail{}, err
	}
	if err := htmlMail.Execute(&html, r); err != nil {
		return mail.Mail{}, err
	}
	return mail.Mail{To: m.To, Subject: subject, Text: text.String(), HTML: html.String(), Unsubscribe: r.Unsubscribe}, nil
}

// bill lays out the order's bill: a row per line, the sums, the total and, when store credit paid
// part of it, what it paid and what is left to pay, in the order's
// currency and the language.
func bill(o *haat.Order, lang haat.Language, l labels) (lines, sums []line, total line, paid []line) {
	b := o.Bill
	money := func(m haat.Money) string { return o.Currency.Format(m, lang) }
	for i, it := range o.Items {
		name := productName(it.Product.Name, it.Product.NameNe, lang)
		amount := ""
		if i < len(b.Lines) {
			amount = money(b.Lines[i])
		}
		lines = append(lines, line{name + " × " + haat.LocalDigits(fmt.Sprint(it.Quantity), lang), amount})
	}
	sums = append(sums, line{l.Subtotal, money(b.Subtotal)})
	// A coupon's shares of the lines are one discount, named with its code.
	if o.Coupon != nil && b.Discount > 0 {
		sums = append(sums, line{l.Discount + " (" + o.Coupon.Code + ")", money(-b.Discount)})
	}
	for _, a := range b.Adjustments {
		if a.Kind != haat.AdjustCoupon {
			sums = append(sums, line{a.Label, money(a.Amount)})
		}
	}
	delivery := l.Free
	if b.DeliveryFee != 0 {
		delivery = money(b.DeliveryFee)
	}
	sums = append(sums, line{l.Delivery, delivery})
	if b.TaxRule == haat.TaxNepalVAT {
		sums = append(sums, line{l.VAT, money(b.Tax)})
	} else {
		label := haat.TaxLabel()
		if lang == haat.Nepali {
			label = l.Tax + " " + haat.LocalDigits(strings.TrimPrefix(label, "Tax "), lang)
		}
		sums = append(sums, line{label, money(b.Tax)})
	}
	if o.CreditUsed > 0 {
		paid = []line{{l.CreditUsed, money(-o.CreditUsed)}, {l.ToPay, money(o.ToPay)}}
	}
	return lines, sums, line{l.Total, money(b.Total)}, paid
}

// productName is a product's name in the language: its Nepali name when it has one.
func productName(name, nameNe string, lang haat.Language) string {
	if lang == haat.Nepali && nameNe != "" {
		return nameNe
	}
	return name
}

// fill runs one of the words' templates.
func fill(words string, data wordsData) (string, error) {
	t, err := template.New("").Parse(words)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		return "", err
	}
	return b.String(), nil
}

var textMail = template.Must(template.New("text").Parse(`{{.Hello}}

{{.Intro}}
{{if .Title}}
{{.Title}}
{{range .Lines}}  {{.Label}}: {{.Amount}}
{{end}}{{range .Sums}}  {{.Label}}: {{.Amount}}
{{end}}  {{.Total.Label}}: {{.Total.Amount}}
{{range .Paid}}  {{.Label}}: {{.Amount}}
{{end}}{{end}}{{if .Product}}
{{.Product}}
{{end}}{{if .Confirm}}
{{.ConfirmLabel}}: {{.Confirm}}
{{end}}
{{.Thanks}}{{if .Store}},
{{.Store}}{{end}}
{{if .Unsubscribe}}
{{.UnsubscribeLabel}}: {{.Unsubscribe}}
{{end}}{{if .Choices}}
{{.ChoicesLabel}}: {{.Choices}}
{{end}}`))

var htmlMail = htmltemplate.Must(htmltemplate.New("html").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="font-family:sans-serif;color:#222;max-width:560px;margin:0 auto;padding:16px">
{{if .Store}}<h1 style="font-size:20px;color:#2e7d32">{{.Store}}</h1>{{end}}
<p>{{.Hello}}</p>
<p>{{.Intro}}</p>
{{if .Title}}<h2 style="font-size:16px">{{.Title}}</h2>
<table style="width:100%;border-collapse:collapse">
{{range .Lines}}<tr><td style="padding:4px 0">{{.Label}}</td><td style="text-align:right">{{.Amount}}</td></tr>
{{end}}{{range .Sums}}<tr><td style="padding:4px 0;color:#555">{{.Label}}</td><td style="text-align:right;color:#555">{{.Amount}}</td></tr>
{{end}}<tr><td style="padding:6px 0;border-top:1px solid #ccc"><strong>{{.Total.Label}}</strong></td><td style="text-align:right;border-top:1px solid #ccc"><strong>{{.Total.Amount}}</strong></td></tr>
{{range .Paid}}<tr><td style="padding:4px 0">{{.Label}}</td><td style="text-align:right">{{.Amount}}</td></tr>
{{end}}</table>{{end}}
{{if .Product}}<p><strong>{{.Product}}</strong></p>{{end}}
{{if .Confirm}}<p><a href="{{.Confirm}}" style="display:inline-block;padding:10px 16px;background:#2e7d32;color:#fff;text-decoration:none;border-radius:6px">{{.ConfirmLabel}}</a></p>{{end}}
<p>{{.Thanks}}{{if .Store}},<br>{{.Store}}{{end}}</p>
{{if .Unsubscribe}}<p style="font-size:12px;color:#777"><a href="{{.Unsubscribe}}" style="color:#777">{{.UnsubscribeLabel}}</a></p>{{end}}
{{if .Choices}}<p style="font-size:12px;color:#777"><a href="{{.Choices}}" style="color:#777">{{.ChoicesLabel}}</a></p>{{end}}
</body></html>
`))

// SMSText is the text of a message sent by SMS, from the store by its name, in the shopper's
// language: "Haat: Jumla Red Rice is back in stock."
func SMSText(m haat.Message) string {
	lang := m.Language
	data := wordsData{Name: m.Name, Minutes: answerMinutes(lang)}
	if m.Product != nil {
		data.Product = productName(m.Product.Name, m.Product.NameNe, lang)
	}
	if m.Order != nil {
		data.Number = haat.LocalDigits(fmt.Sprintf("#%d", m.Order.Number), lang)
	}
	w, ok := mails[m.Kind][lang]
	if !ok {
		w = mails[m.Kind][haat.English]
	}
	text, err := fill(w.Subject, data)
	if err != nil {
		text = string(m.Kind)
	}
	if lang == haat.Nepali {
		text += "।"
	} else {
		text += "."
	}
	if m.Store == "" {
		return text
	}
	return m.Store + ": " + text
}

// answerMinutes is how many minutes a shopper has to answer a substitute offered, in lang's digits.
func answerMinutes(lang haat.Language) string {
	return haat.LocalDigits(strconv.Itoa(haat.SubstituteAnswerMinutes), lang)
}
