// Package fonepaytest stands in for Fonepay's Dynamic QR merchant API in tests: it answers the QR
// request and the status check with the bodies Fonepay documents ("Fonepay Dynamic QR API
// Documentation", version 1.1), refuses a request whose credentials or dataValidation are wrong as
// Fonepay does, serves each QR's notification web socket, and lets a test say that a PRN was paid
// (which its socket tells) or push a notice of its own.
package fonepaytest

import (
	"context"
	"crypto/hmac"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"haat/payment"
)

// SocketPath is where the QRs' notification sockets are, as on Fonepay's socket host: the QR's
// device id, the merchant code and "Y" follow.
const SocketPath = "/convergent-webSocket-web/merchantEndPoint/"

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
	// devices are the device ids of the QRs' sockets, by PRN.
	devices map[string]string
	// sockets are the sockets open, by device id.
	sockets map[string]map[*websocket.Conn]bool
	// checks counts the status checks answered, by the PRN asked about.
	checks map[string]int
	// QRRequests are the bodies of the QR requests taken, valid or not.
	QRRequests []payment.FonepayQRRequest
	// Amount, when set, is the amount the next QRs carry whatever was asked (a faulty answer).
	Amount string
	// SocketHost, when set, is the host the next QRs' socket addresses name instead of the
	// stand-in's own (a forged answer).
	SocketHost string
}

// New returns a stand-in with no QR made yet.
func New() *Server {
	return &Server{qrs: map[string]string{}, paid: map[string]bool{}, devices: map[string]string{},
		sockets: map[string]map[*websocket.Conn]bool{}, checks: map[string]int{}}
}

// StatusChecks counts the status checks answered about prn (a count of its own, which other
// stores' checks on a shared stand-in do not change).
func (s *Server) StatusChecks(prn string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.checks[prn]
}

// Listening is the number of sockets open about the QR of prn.
func (s *Server) Listening(prn string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sockets[s.devices[prn]])
}

// Config is a provider configuration for the stand-in served at apiURL (its address and "/api").
func Config(apiURL string) payment.FonepayConfig {
	return payment.FonepayConfig{MerchantCode: MerchantCode, SecretKey: SecretKey, Username: Username, Password: Password, APIURL: apiURL}
}

// Pay marks the QR of prn paid, as a payer's app would, and tells its sockets as Fonepay does:
// the QR scanned, then paid. False for a PRN it never made.
func (s *Server) Pay(prn string) bool {
	s.mu.Lock()
	_, ok := s.qrs[prn]
	if ok {
		s.paid[prn] = true
	}
	s.mu.Unlock()
	if ok {
		s.push(prn, map[string]any{"success": true, "message": "VERIFIED", "QRVerified": true})
		s.push(prn, paidStatus(prn))
	}
	return ok
}

// PushPaid tells the sockets of the QR of prn that it was paid, without paying it (a forged or
// early notice), and returns how many sockets it told.
func (s *Server) PushPaid(prn string) int { return s.push(prn, paidStatus(prn)) }

// Drop closes the sockets of the QR of prn, as a network that fails would, and returns how many
// it closed; Listening counts none of them from then on.
func (s *Server) Drop(prn string) int {
	conns := s.listeners(prn)
	s.mu.Lock()
	delete(s.sockets, s.devices[prn])
	s.mu.Unlock()
	for _, c := range conns {
		c.CloseNow()
	}
	return len(conns)
}

// paidStatus is the transactionStatus of a notice that the QR of prn was paid, as the document's
// example (its amount, remarks and dates left out).
func paidStatus(prn string) map[string]any {
	return map[string]any{"traceId": 17015, "productNumber": prn, "message": "Request Complete", "success": true, "paymentSuccess": true}
}

// listeners are the sockets open about the QR of prn.
func (s *Server) listeners(prn string) []*websocket.Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*websocket.Conn
	for c := range s.sockets[s.devices[prn]] {
		out = append(out, c)
	}
	return out
}

// push sends the sockets of the QR of prn a notice shaped as Fonepay's, {merchantId, deviceId,
// transactionStatus} with transactionStatus a JSON text of status (merchantId is Fonepay's number
// for the merchant, not its code), and returns how many it reached.
func (s *Server) push(prn string, status map[string]any) int {
	text, _ := json.Marshal(status)
	s.mu.Lock()
	device := s.devices[prn]
	s.mu.Unlock()
	notice, _ := json.Marshal(map[string]any{"merchantId": 70, "deviceId": device, "transactionStatus": string(text)})
	sent := 0
	for _, c := range s.listeners(prn) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if c.Write(ctx, websocket.MessageText, notice) == nil {
			sent++
		}
		cancel()
	}
	return sent
}

// serveSocket serves the notification socket of a QR until its client closes it: the store sends
// nothing on it, but its close is read here.
func (s *Server) serveSocket(w http.ResponseWriter, r *http.Request) {
	device, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, SocketPath), "/")
	s.mu.Lock()
	known := false
	for _, d := range s.devices {
		known = known || d == device
	}
	s.mu.Unlock()
	if !known {
		http.NotFound(w, r)
		return
	}
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer c.CloseNow()
	s.mu.Lock()
	if s.sockets[device] == nil {
		s.sockets[device] = map[*websocket.Conn]bool{}
	}
	s.sockets[device][c] = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.sockets[device], c)
		s.mu.Unlock()
	}()
	for {
		if _, _, err := c.Read(r.Context()); err != nil {
			return
		}
	}
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
	if r.Method == "GET" && strings.HasPrefix(r.URL.Path, SocketPath) {
		s.serveSocket(w, r)
		return
	}
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
		s.devices[req.PRN] = device
		host := r.Host
		if s.SocketHost != "" {
			host = s.SocketHost
		}
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(map[string]any{"message": "successfull", "qrMessage": QRMessage(req.MerchantCode, amount, req.PRN),
			"status": "CREATED", "statusCode": 201, "success": true,
			"thirdpartyQrWebSocketUrl": "ws://" + host + SocketPath + device + "/" + req.MerchantCode + "/Y"})
	case "/api" + payment.FonepayStatusPath:
		var req payment.FonepayStatusRequest
		json.NewDecoder(r.Body).Decode(&req)
		if refused(w, req.MerchantCode, req.Username, req.Password, req.DataValidation, req.PRN+","+req.MerchantCode) {
			return
		}
		s.checks[req.PRN]++
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
