package payment

import "testing"

// TestFonepayPaid: only a message whose transactionStatus says paymentSuccess true tells of a
// payment; the QR scanned, a failure and anything malformed do not.
func TestFonepayPaid(t *testing.T) {
	for msg, want := range map[string]bool{
		`{"merchantId":31,"deviceId":"T01","transactionStatus":"{\"paymentSuccess\":true,\"success\":true}"}`:                      true,
		`{"merchantId":31,"deviceId":"T01","transactionStatus":{"paymentSuccess":true}}`:                                           true,
		`{"merchantId":31,"deviceId":"T01","transactionStatus":"{\"success\":true,\"message\":\"VERIFIED\",\"QRVerified\":true}"}`: false,
		`{"merchantId":31,"deviceId":"T01","transactionStatus":"{\"paymentSuccess\":false,\"success\":true}"}`:                     false,
		`{"merchantId":31,"deviceId":"T01","transactionStatus":"{\"paymentSuccess\":\"true\"}"}`:                                   false,
		`{"paymentSuccess":true}`:                false,
		`{"transactionStatus":"paymentSuccess"}`: false,
		`not JSON`:                               false,
	} {
		if got := fonepayPaid([]byte(msg)); got != want {
			t.Errorf("%s: %v", msg, got)
		}
	}
}
