package api

import (
	"net/http"
	"strings"
	"time"

	"haat"
	"haat/cash"
)

// CashQuery names the store's day of the cash sheets, YYYY-MM-DD; empty is today (GET
// /api/seller/cash).
type CashQuery struct {
	Date string `json:"date"`
}

// CashResponse is every rider's cash sheet of a day of the store (GET /api/seller/cash).
type CashResponse struct {
	// Date is the day of the sheets, YYYY-MM-DD in the store's time zone.
	Date string `json:"date"`
	// Today: the day is today, on which handovers recorded now are counted.
	Today   bool         `json:"today"`
	Sheets  []cash.Sheet `json:"sheets"`
	Success bool         `json:"success"`
}

// HandoverRequest records cash a rider handed in (POST /api/seller/cash/handover): the rider's
// id, the amount (a decimal in the store's currency, Nepali digits too; negative, with a note,
// corrects an earlier handover) and a note.
type HandoverRequest struct {
	Rider  string `json:"rider"`
	Amount string `json:"amount"`
	Note   string `json:"note"`
}

// HandoverResponse is the handover recorded.
type HandoverResponse struct {
	Handover cash.Handover `json:"handover"`
	Message  string        `json:"message"`
	Success  bool          `json:"success"`
}

// sellerCash answers every rider's cash sheet of the day asked for (?date=YYYY-MM-DD), or today's.
func (s *Server) sellerCash(w http.ResponseWriter, r *http.Request) error {
	now := s.now()
	from, _, err := cash.ParseDay(r.URL.Query().Get("date"), now)
	if err != nil {
		return err
	}
	sheets, err := s.Cash.CashSheets(r.Context(), from)
	if err != nil {
		return err
	}
	return ok(w, CashResponse{Date: from.Format(time.DateOnly), Today: from.Equal(haat.StartOfDay(now)), Sheets: sheets, Success: true})
}

// sellerHandover records cash a rider handed in, now.
func (s *Server) sellerHandover(w http.ResponseWriter, r *http.Request) error {
	var req HandoverRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.Amount) == "" {
		return haat.Errorf(haat.EINVALID, "Enter the amount handed in")
	}
	amount, err := haat.ParseMoney(req.Amount)
	if err != nil {
		return err
	}
	h, err := s.Cash.HandIn(r.Context(), cash.NewHandover{RiderID: req.Rider, Amount: amount, Note: req.Note})
	if err != nil {
		return err
	}
	return ok(w, HandoverResponse{Handover: *h, Message: say(w, r, "Handover recorded"), Success: true})
}
