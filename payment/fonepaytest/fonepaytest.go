// Package fonepaytest stands in for Fonepay's Dynamic QR merchant API in tests: it answers the QR
// request and the status check with the bodies Fonepay documents ("Fonepay Dynamic QR API
// Documentation", version 1.1), refuses a request whose credentials or dataValidation are wrong as
// Fonepay does, and lets a test say that a PRN was paid.
package fonepaytest

import (
	"crypto/hmac"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"haat/payment"
)

// Credentials of the stand-in's merchant: Fonepay's own test merchant.
const (
	MerchantCode = "fonepay123"
	SecretKey    = "fonepay"
	Username     = "bijayk"
	Password     = "password"
)

// Server is the stand-in. Mount it at the API root's path ("/api"): its calls are under it.
type Server struct {
	mu sync.Mutex
	// qrs are the QRs made, by PRN: the amount asked for.
	qrs map[string]string
	// paid are the PRNs paid.
	paid map[string]bool
	// QRRequests are the bodies of the QR requests taken, valid or not.
	QRRequests []payment.FonepayQRRequest
	// StatusChecks counts the status checks answered.
	StatusChecks int
	// Amount, when set, is the amount the next QRs carry whatever was asked (a faulty answer).
	Amount string
}

// New returns a stand-in with no QR made yet.
func New() *Server { return &Server{qrs: map[string]string{}, paid: map[string]bool{}} }

// Config is a provider configuration for the stand-in served at apiURL (its address and "/api").
func Config(apiURL string) payment.FonepayConfig {
	return payment.FonepayConfig{MerchantCode: MerchantCode, SecretKey: SecretKey, Username: Username, Password: Password, APIURL: apiURL}
}

// Pay marks the QR of prn paid, as a payer's app would; false for a PRN it never made.
func (s *Server) Pay(prn string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.qrs[prn]; !ok {
		return false
	}
	s.paid[prn] = true
	return true
}

// PRNs are the PRNs of the QRs made, in no order.
func (s *Server) PRNs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for prn := range s.qrs {
		out = append(out, prn)
	}
	return out
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if r.Method != "POST" {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	switch r.URL.Path {
	case "/api" + payment.FonepayQRPath:
		var req payment.FonepayQRRequest
		json.NewDecoder(r.Body).Decode(&req)
		s.QRRequests = append(s.QRRequests, req)
		if refused(w, req.MerchantCode, req.Username, req.Password, req.DataValidation,
			strings.Join([]string{req.Amount, req.PRN, req.MerchantCode, req.Remarks1, req.Remarks2}, ",")) {
			return
		}
		if _, ok := s.qrs[req.PRN]; ok || req.PRN == "" || len(req.PRN) > 25 {
			refuse(w, "Duplicate PRN")
			return
		}
		amount := req.Amount
		if s.Amount != "" {
			amount = s.Amount
		}
		s.qrs[req.PRN] = amount
		device := fmt.Sprintf("T%032x", len(s.qrs))
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(map[string]any{"message": "successfull", "qrMessage": QRMessage(req.MerchantCode, amount, req.PRN),
			"status": "CREATED", "statusCode": 201, "success": true,
			"thirdpartyQrWebSocketUrl": "ws://" + r.Host + "/convergent-webSocket-web/merchantEndPoint/" + device + "/" + req.MerchantCode + "/Y"})
	case "/api" + payment.FonepayStatusPath:
		var req payment.FonepayStatusRequest
		json.NewDecoder(r.Body).Decode(&req)
		if refused(w, req.MerchantCode, req.Username, req.Password, req.DataValidation, req.PRN+","+req.MerchantCode) {
			return
		}
		s.StatusChecks++
		if _, ok := s.qrs[req.PRN]; !ok {
			refuse(w, "Invalid PRN")
			return
		}
		status := "pending"
		if s.paid[req.PRN] {
			status = "success"
		}
		json.NewEncoder(w).Encode(map[string]any{"fonepayTraceId": 17404 + len(s.qrs), "merchantCode": req.MerchantCode,
			"paymentStatus": status, "prn": req.PRN})
	default:
		w.WriteHeader(http.StatusNotFound)
	}
}

// refused answers a request whose merchant, user or dataValidation (over message) is wrong with
// Fonepay's documented refusal, and reports whether it did.
func refused(w http.ResponseWriter, merchant, username, password, dataValidation, message string) bool {
	switch {
	case merchant != MerchantCode:
		refuse(w, "Invalid Merchant Code")
	case username != Username || password != Password:
		refuse(w, "Invalid username")
	case !hmac.Equal([]byte(strings.ToLower(dataValidation)), []byte(payment.FonepaySignature(SecretKey, message))):
		refuse(w, "Data Validation Failed")
	default:
		return false
	}
	return true
}

// refuse writes Fonepay's refusal of a merchant's request.
func refuse(w http.ResponseWriter, message string) {
	w.WriteHeader(http.StatusNotAcceptable)
	json.NewEncoder(w).Encode(map[string]any{"documentation": "Merchant request Exception", "errorCode": 406, "message": message})
}

// QRMessage is the text of an EMV merchant-presented QR code as Fonepay's carry it: the merchant,
// the amount (field 54), NPR (53: 524) and the PRN among its data; no CRC is checked here.
func QRMessage(merchant, amount, prn string) string {
	field := func(id, v string) string { return fmt.Sprintf("%s%02d%s", id, len(v), v) }
	account := field("00", "fonepay.com") + field("01", merchant) + field("02", prn)
	return field("00", "01") + field("01", "12") + field("26", account) + field("52", "5411") + field("53", "524") +
		field("54", amount) + field("58", "NP") + field("59", "Fonepaytest") + field("60", "Kathmandu") + "6304" + "d3f7"
}
