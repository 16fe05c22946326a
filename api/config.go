package api

import (
	"net/http"

	"haat"
	"haat/payment"
)

// ConfigResponse is the store's configuration as the storefront needs it (GET /api/config).
type ConfigResponse struct {
	Currency       string           `json:"currency"`
	CurrencySymbol string           `json:"currencySymbol"`
	PaymentMethods []payment.Method `json:"paymentMethods"`
	Success        bool             `json:"success"`
	// TimeZone is the store's (an IANA name): the days of the seller's order filters are its days.
	TimeZone string `json:"timeZone"`
}

// currencySymbols are the symbols the storefront shows per store currency.
var currencySymbols = map[string]string{"USD": "$", "NPR": "Rs."}

func (s *Server) config(w http.ResponseWriter, r *http.Request) error {
	return ok(w, ConfigResponse{Currency: s.Currency, CurrencySymbol: currencySymbols[s.Currency],
		PaymentMethods: s.Payments.Methods(), Success: true, TimeZone: haat.StoreZone.String()})
}
