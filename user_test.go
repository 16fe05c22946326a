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
	for pw, want := range map[string]string{
		"1234567":               "Password must be at least 8 characters",
		"12345678":              "",
		strings.Repeat("p", 72): "",
		strings.Repeat("p", 73): "Password must be at most 72 characters",
	} {
		if got := haat.ErrorMessage(haat.ValidatePassword(pw)); got != want {
			t.Errorf("%d characters: %q, want %q", len(pw), got, want)
		}
	}
}
