package api

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"haat"
	"haat/productcsv"
)

// ordersCSVHeader names the columns of the seller's order export: one row per order, its items in
// one cell ("Jumla Red Rice x 2; Milk x 1"), placed at in the store's time zone.
// utf8BOM starts the export: the byte-order mark of UTF-8.
const utf8BOM = "\ufeff"

var ordersCSVHeader = []string{"Number", "Placed at", "Status", "Payment type", "Paid", "Customer", "Phone", "Address", "Items", "Coupon", "Discount", "Amount", "Store credit", "To pay", "Currency"}

// orderSellerCSV answers, as a CSV file to save, every order the seller handles that the filters
// of the query select (those of GET /api/order/seller, without paging), newest first. Rows are
// written as they are read, so no export is too long.
func (s *Server) orderSellerCSV(w http.ResponseWriter, r *http.Request) error {
	f, err := s.sellerOrderFilter(r.URL.Query())
	if err != nil {
		return err
	}
	f.Before = "" // the export is every order the filters select
	sent := &sentWriter{w: w}
	out := csv.NewWriter(sent)
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="orders-`+time.Now().In(haat.StoreZone).Format(haat.DayLayout)+`.csv"`)
	h.Set("Cache-Control", "no-store")
	// A byte-order mark first, so that spreadsheets read the file as UTF-8 (Devanagari names,
	// "रु") rather than in the machine's own code page.
	header := slices.Clone(ordersCSVHeader)
	header[0] = utf8BOM + header[0]
	out.Write(header)
	err = s.Orders.EachSellerOrder(r.Context(), f, func(o haat.Order) error {
		out.Write(s.orderCSVRow(o))
		return out.Error()
	})
	if err == nil {
		out.Flush()
		err = out.Error()
	}
	if err != nil && sent.n == 0 {
		h.Del("Content-Disposition")
		return err
	}
	if err != nil {
		// Part of the file is gone: break the answer off, so that no one takes it for the whole.
		s.Logger.Error("order export broken off", "err", err)
		panic(http.ErrAbortHandler)
	}
	return nil
}

// fixed writes an amount as the store's exports do, with exactly two decimals ("540.60").
func fixed(m haat.Money) string {
	sign := ""
	if m < 0 {
		sign, m = "-", -m
	}
	return fmt.Sprintf("%s%d.%02d", sign, m/100, m%100)
}

// orderCSVRow is an order as a row of the export, each cell safe to open in a spreadsheet.
func (s *Server) orderCSVRow(o haat.Order) []string {
	a := o.Address
	items := make([]string, len(o.Items))
	for i, it := range o.Items {
		items[i] = it.Record()
	}
	coupon := ""
	if o.Coupon != nil {
		coupon = o.Coupon.Code
	}
	paid := "Pending"
	if o.IsPaid {
		paid = "Paid"
	}
	row := []string{
		strconv.FormatInt(o.Number, 10),
		o.CreatedAt.In(haat.StoreZone).Format("2006-01-02 15:04"),
		string(o.Status),
		string(o.PaymentType),
		paid,
		strings.TrimSpace(a.FirstName + " " + a.LastName),
		a.Phone,
		fmt.Sprintf("%s, %s, %s %s, %s", a.Street, a.City, a.State, a.Zipcode, a.Country),
		strings.Join(items, "; "),
		coupon,
		fixed(o.Bill.Discount),
		fixed(o.Amount),
		fixed(o.CreditUsed),
		fixed(o.ToPay),
		string(o.Currency),
	}
	for i, cell := range row {
		row[i] = productcsv.SpreadsheetCell(cell)
	}
	return row
}

// sentWriter counts the bytes written through it to the answer.
type sentWriter struct {
	w http.ResponseWriter
	n int
}

func (s *sentWriter) Write(b []byte) (int, error) {
	n, err := s.w.Write(b)
	s.n += n
	return n, err
}
