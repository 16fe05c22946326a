package api

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"

	"haat"
	"haat/locale"
	"haat/productcsv"
	"haat/records"
)

// recordsCSV answers, as a CSV file to save, the records the law asks kept, of one kind (?kind=
// claims, refunds or credit-notes) made from one day to another (?from=, ?to=, YYYY-MM-DD, store
// time, both included), oldest first, each cell safe to open in a spreadsheet.
func (s *Server) recordsCSV(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	kind, err := records.ParseKind(q.Get("kind"))
	if err != nil {
		return err
	}
	from, to, err := records.Days(q.Get("from"), q.Get("to"))
	if err != nil {
		return err
	}
	records, err := s.Records.Records(r.Context(), kind, from, to)
	if err != nil {
		return err
	}
	rows := recordRows(kind, records)
	rows[0][0] = utf8BOM + rows[0][0]
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+string(kind)+"-"+q.Get("from")+"-"+q.Get("to")+`.csv"`)
	h.Set("Cache-Control", "no-store")
	out := csv.NewWriter(w)
	for _, row := range rows {
		for i, cell := range row {
			row[i] = productcsv.SpreadsheetCell(cell)
		}
		out.Write(row)
	}
	out.Flush()
	return out.Error()
}

// recordRows are the records as rows, the header first; times in the store's time zone.
func recordRows(kind records.Kind, rec *records.Records) [][]string {
	at := func(t haat.Localizer) string { return locale.Say(haat.English, "%s", t) }
	stamp := "2006-01-02 15:04"
	switch kind {
	case records.Claims:
		rows := [][]string{{"Reference", "Made at", "Order", "Shopper", "Phone", "Lines", "Note", "Decide by", "State", "Resolution", "Decision", "Decided at", "Refund"}}
		for _, c := range rec.Claims {
			lines := make([]string, len(c.Lines))
			for i, l := range c.Lines {
				lines[i] = l.Name + " x " + strconv.Itoa(l.Quantity) + " (" + string(l.Reason) + ")"
			}
			decided, refund := "", ""
			if c.ResolvedAt != nil {
				decided = c.ResolvedAt.In(haat.StoreZone).Format(stamp)
			}
			if c.Refund != nil {
				refund = fixed(c.Refund.Amount) + " " + c.Refund.Currency
			}
			rows = append(rows, []string{c.Reference, c.CreatedAt.In(haat.StoreZone).Format(stamp), "#" + strconv.FormatInt(c.OrderNumber, 10),
				c.Shopper, c.Phone, strings.Join(lines, "; "), c.Note, c.DecideBy.In(haat.StoreZone).Format(haat.DayLayout), string(c.State),
				string(c.Resolution), c.Decision, decided, refund})
		}
		return rows
	case records.Refunds:
		rows := [][]string{{"Agreed at", "Order", "Amount", "Currency", "Way", "Provider", "Lines", "Reason", "Due by", "State", "Made at", "Reference", "Credit note", "By"}}
		for _, r := range rec.Refunds {
			lines := make([]string, len(r.Lines))
			for i, l := range r.Lines {
				lines[i] = l.Name + " x " + strconv.Itoa(l.Quantity)
			}
			made, by := "", ""
			if r.MadeAt != nil {
				made = r.MadeAt.In(haat.StoreZone).Format(stamp)
			}
			if r.By != nil {
				by = strings.TrimSpace(r.By.Name + " (" + r.By.Role + ")")
			}
			rows = append(rows, []string{r.CreatedAt.In(haat.StoreZone).Format(stamp), "#" + strconv.FormatInt(r.OrderNumber, 10), fixed(r.Amount),
				r.Currency, string(r.Way), r.Provider, strings.Join(lines, "; "), r.Reason, r.DueBy.In(haat.StoreZone).Format(haat.DayLayout),
				string(r.State), made, r.RefundReference, r.CreditNote, by})
		}
		return rows
	default:
		rows := [][]string{{"Credit note", "Date (BS)", "Date (AD)", "Invoice", "Order", "Lines", "Reason", "Taxable (excl. VAT)", "VAT or tax", "Exempt", "Total"}}
		for _, n := range rec.CreditNotes {
			lines := make([]string, len(n.Lines))
			for i, l := range n.Lines {
				lines[i] = l.Name + " x " + strconv.Itoa(l.Quantity)
			}
			rows = append(rows, []string{n.Code, at(locale.Day(n.IssuedAt)), n.DateAD, n.Invoice, "#" + strconv.FormatInt(n.OrderNumber, 10),
				strings.Join(lines, "; "), n.Reason, fixed(n.Totals.TaxableExVAT), fixed(n.Totals.Tax), fixed(n.Totals.Exempt), fixed(n.Totals.Total)})
		}
		return rows
	}
}
