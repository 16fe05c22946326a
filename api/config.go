package api

import (
	"net/http"
	"strings"

	"haat"
	"haat/payment"
)

// ConfigResponse is the store's configuration as the storefront needs it (GET /api/config).
type ConfigResponse struct {
	Currency       haat.Currency    `json:"currency"`
	CurrencySymbol string           `json:"currencySymbol"`
	PaymentMethods []payment.Method `json:"paymentMethods"`
	Success        bool             `json:"success"`
	// TimeZone is the store's (an IANA name): the days of the seller's order filters are its days.
	TimeZone string `json:"timeZone"`
}

func (s *Server) config(w http.ResponseWriter, r *http.Request) error {
	return ok(w, s.configAnswer())
}

// configAnswer is the answer of GET /api/config, which pages are filled with too (cards.go).
func (s *Server) configAnswer() ConfigResponse {
	return ConfigResponse{Currency: s.Currency, CurrencySymbol: strings.TrimSpace(s.Currency.Symbol(haat.English)),
		PaymentMethods: s.Payments.Methods(), Success: true, TimeZone: haat.StoreZone.String()}
}
