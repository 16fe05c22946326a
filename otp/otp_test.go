package otp_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"haat/account"
	"haat/otp"
	"haat/sqlstore"
	"haat/sqlstore/sqlstoretest"
)

// The service checks the codes an account's changes are shown with.
var _ account.PhoneCodeCheck = (*otp.Service)(nil)

// keep is an sms.Sender that keeps the last text.
type keep struct{ text string }

func (k *keep) Send(_ context.Context, _, text string) error { k.text = text; return nil }

// TestCodeStoredHashed: the store keeps a bcrypt hash of the number and the code, never the code.
func TestCodeStoredHashed(t *testing.T) {
	ctx := context.Background()
	sqlstoretest.EachDB(t, func(t *testing.T, db *sqlstore.DB) {
		box := &keep{}
		s := &otp.Service{Store: db, Limiter: db, Sender: box, BcryptCost: 4, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			StoreName: func(context.Context) string { return "Haat" }}
		sent, err := s.SendCode(ctx, "9812345678", "203.0.113.9", "browser-1")
		if err != nil {
			t.Fatal(err)
		}
		code := box.text[:otp.Digits]
		if sent.DevCode != "" || !strings.HasPrefix(box.text, code+" is your Haat sign-in code") {
			t.Fatalf("sent %+v, text %q", sent, box.text)
		}
		stored, err := db.TryPhoneCode(ctx, "9812345678", "browser-1")
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(stored.Hash, code) || !strings.HasPrefix(stored.Hash, "$2") {
			t.Fatalf("stored %q for code %s", stored.Hash, code)
		}
		if bcrypt.CompareHashAndPassword([]byte(stored.Hash), []byte("9812345678:"+code)) != nil {
			t.Fatal("the hash is not of the number and the code")
		}
		if bcrypt.CompareHashAndPassword([]byte(stored.Hash), []byte("9812345679:"+code)) == nil {
			t.Fatal("the hash fits another number")
		}
		if stored.Tries != 1 {
			t.Fatalf("tries %d after one try", stored.Tries)
		}
	})
}
