package haat_test

import (
	"strings"
	"testing"

	"haat"
)

func TestRegistrationValidate(t *testing.T) {
	ok := haat.Registration{Name: "  Sita Gurung ", Email: " sita@example.com ", Password: "namaste-123"}
	if err := ok.Validate(); err != nil || ok.Name != "Sita Gurung" || ok.Email != "sita@example.com" {
		t.Fatalf("valid registration: %v, %+v", err, ok)
	}
	for _, tc := range []struct {
		reg  haat.Registration
		want string
	}{
		{haat.Registration{Name: " ", Email: "sita@example.com", Password: "namaste-123"}, "Name is required"},
		{haat.Registration{Name: strings.Repeat("n", 101), Email: "sita@example.com", Password: "namaste-123"}, "Name is too long"},
		{haat.Registration{Name: "Sita", Email: "sita", Password: "namaste-123"}, "Please enter a valid email address"},
		{haat.Registration{Name: "Sita", Email: "sita@example.com", Password: "short"}, "Password must be at least 8 characters"},
		{haat.Registration{Name: "Sita", Email: "sita@example.com", Password: strings.Repeat("p", 73)}, "Password must be at most 72 characters"},
	} {
		if err := tc.reg.Validate(); haat.ErrorCode(err) != haat.EINVALID || haat.ErrorMessage(err) != tc.want {
			t.Errorf("%+v: %v, want %q", tc.reg, err, tc.want)
		}
	}
}

func TestValidatePassword(t *testing.T) {
	const common = "This password is too common; choose another"
	for pw, want := range map[string]string{
		"1234567":               "Password must be at least 8 characters",
		"8 chars!":              "",
		strings.Repeat("p", 72): "",
		strings.Repeat("p", 73): "Password must be at most 72 characters",
		"        ":              "Password must not be only spaces",
		" \t\n \u00a0\u3000  ":  "Password must not be only spaces",
		"namaste-123":           "",
		// The list's most common ones, whatever their case and the spaces around them.
		"12345678":     common,
		"password":     common,
		"PassWord":     common,
		" password1 ":  common,
		"password123":  common,
		"iloveyou":     common,
		"QWERTYUIOP":   common,
		"baseball1":    common,
		"password1234": "",
	} {
		if got := haat.ErrorMessage(haat.ValidatePassword(pw)); got != want {
			t.Errorf("%q: %q, want %q", pw, got, want)
		}
	}
}
