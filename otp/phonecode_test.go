package otp_test

import (
	"testing"
	"time"

	"haat"
	"haat/otp"
)

func TestPhoneCodeCheckTry(t *testing.T) {
	now := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	live := func(tries int, expires time.Time) *otp.PhoneCode {
		return &otp.PhoneCode{Phone: "9812345678", Hash: "x", Tries: tries, ExpiresAt: expires, CreatedAt: expires.Add(-otp.ValidFor)}
	}
	for _, tc := range []struct {
		name string
		code *otp.PhoneCode
		want error
	}{
		{"none sent", nil, otp.ErrCodeExpired},
		{"fresh", live(0, now.Add(otp.ValidFor)), nil},
		{"last moment", live(0, now.Add(time.Millisecond)), nil},
		{"expired at its time", live(0, now), otp.ErrCodeExpired},
		{"expired long ago", live(0, now.Add(-time.Hour)), otp.ErrCodeExpired},
		{"four tries made", live(otp.MaxTries-1, now.Add(time.Minute)), nil},
		{"tries used up", live(otp.MaxTries, now.Add(time.Minute)), otp.ErrCodeDead},
		{"expired and used up", live(otp.MaxTries, now), otp.ErrCodeExpired},
	} {
		if got := tc.code.CheckTry(now); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestPhoneCodeWrongCode(t *testing.T) {
	for tries, want := range map[int]string{
		1: "Wrong code; 4 tries left",
		3: "Wrong code; 2 tries left",
		4: "Wrong code; 1 try left",
		5: "Too many wrong codes; ask for a new one",
	} {
		err := (&otp.PhoneCode{Tries: tries}).WrongCode()
		if haat.ErrorCode(err) != haat.EINVALID || haat.ErrorMessage(err) != want {
			t.Errorf("after %d tries: %v, want %q", tries, err, want)
		}
	}
}
