package otp

import (
	"crypto/rand"
	"fmt"
	"math"
	"math/big"
	"time"
)

// newCode returns a new code: Digits digits from the system's secure random source, each
// value equally likely.
func newCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(int64(math.Pow10(Digits))))
	if err != nil {
		panic(err) // crypto/rand does not fail on the systems Haat runs on
	}
	return fmt.Sprintf("%0*d", Digits, n.Int64())
}

// signInText is the SMS that carries a sign-in code, naming the store by its name ("123456 is
// your Haat sign-in code. …"); a store without a name is named in none.
func signInText(code, store string) string {
	return codeText(code, store, "sign-in", ValidFor)
}

// resetText is the SMS that carries a reset code, naming the store by its name when it has one.
func resetText(code, store string) string {
	return codeText(code, store, "password reset", ResetValidFor)
}

// codeText is the SMS that carries a code of a kind, valid for validFor.
func codeText(code, store, kind string, validFor time.Duration) string {
	if store != "" {
		store += " "
	}
	return fmt.Sprintf("%s is your %s%s code. It is valid for %d minutes; do not share it.", code, store, kind, int(validFor.Minutes()))
}
