package api

import (
	"encoding/json"
	"net/http"

	"haat"
)

// CreditResponse is the shopper's store credit (GET /api/user/credit): the balance they may spend
// on an order, and the newest entries of their ledger, newest first.
type CreditResponse struct {
	Balance haat.Money         `json:"balance"`
	Entries []haat.CreditEntry `json:"entries"`
	Success bool               `json:"success"`
}

// GoodwillRequest gives the shopper of an order goodwill store credit (POST /api/seller/credit):
// the order's id, the amount (a number or a numeric string in the store's currency, above 0; an
// order's goodwill adds up to at most its total) and why, which the shopper's ledger shows.
type GoodwillRequest struct {
	Order  string          `json:"order"`
	Amount json.RawMessage `json:"amount" ts:"number | string"`
	Reason string          `json:"reason"`
}

// GoodwillResponse is the entry written to the shopper's ledger.
type GoodwillResponse struct {
	Entry   haat.CreditEntry `json:"entry"`
	Message string           `json:"message"`
	Success bool             `json:"success"`
}

// userCredit answers the signed-in shopper's store credit.
func (s *Server) userCredit(w http.ResponseWriter, r *http.Request) error {
	c, err := s.Credit.Credit(r.Context(), subject(r.Context(), haat.RoleUser))
	if err != nil {
		return err
	}
	return ok(w, CreditResponse{Balance: c.Balance, Entries: c.Entries, Success: true})
}

// sellerCredit gives the shopper of an order goodwill store credit.
func (s *Server) sellerCredit(w http.ResponseWriter, r *http.Request) error {
	var req GoodwillRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	text, err := jsonAmountText(req.Amount, "Amount")
	if err != nil {
		return err
	}
	var amount haat.Money
	if text == "" {
		return haat.Errorf(haat.EINVALID, "Enter an amount of store credit above 0")
	} else if amount, err = haat.ParseMoney(text); err != nil {
		return err
	}
	e, err := s.Credit.GiveGoodwill(r.Context(), haat.Goodwill{OrderID: req.Order, Amount: amount, Note: req.Reason})
	if err != nil {
		return err
	}
	return ok(w, GoodwillResponse{Entry: *e, Message: say(w, r, "Store credit given"), Success: true})
}
