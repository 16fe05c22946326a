// Package otp signs shoppers in by phone: it sends one-time codes by SMS and checks them, over a
// Store (codes kept only as bcrypt hashes) and an sms.Sender.
package otp

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"haat"
	"haat/sms"
)

// Service implements PhoneSignIn.
type Service struct {
	Store   Store
	Limiter haat.RateLimiter
	Sender  sms.Sender
	// ShowCode answers the code itself with SentCode.DevCode: only in development, when messages
	// go to the log.
	ShowCode bool
	// PerHour is the store-wide ceiling of codes sent an hour, across all servers; 0 is none.
	PerHour int
	// Counted, when set, is told of every code sent ("sent") and refused by PerHour ("refused").
	Counted func(outcome string)
	// BcryptCost is the cost of the codes' hashes; zero is bcrypt.DefaultCost.
	BcryptCost int
	// StoreName, when set, is the store's name as its seller set it, which the texts name.
	StoreName func(ctx context.Context) string
	Logger    *slog.Logger

	// Accounts finds the accounts a password reset names and sets their passwords.
	Accounts ResetAccounts
	// Mail sends the reset codes asked for by e-mail.
	Mail ResetMailer

	sending sync.WaitGroup // reset codes being sent (see Wait)
}

var _ PhoneSignIn = (*Service)(nil)

// storeName is the store's name (see StoreName), "" when it has none.
func (s *Service) storeName(ctx context.Context) string {
	if s.StoreName == nil {
		return ""
	}
	return s.StoreName(ctx)
}

// smsKey is the store-wide count of codes sent in the hour.
const smsKey = "sms:store"

// SendCode implements PhoneSignIn. The limits of the number asked from the client network
// from are taken before the code is made, the store's ceiling last; a code that could not be sent
// is forgotten and counts against no limit. The answer says nothing of whether the number has an
// account.
func (s *Service) SendCode(ctx context.Context, phone, from, requester string) (*SentCode, error) {
	phone, err := haat.NepaliMobile(phone)
	if err != nil {
		return nil, ErrMobileNumber
	}
	if requester == "" {
		return nil, fmt.Errorf("otp: a code asked by no browser")
	}
	taken, wait, err := s.takeLimits(ctx, "otp", phone, from, true)
	if err != nil {
		if wait > 0 {
			return &SentCode{Phone: phone, ResendIn: wait}, err
		}
		return nil, err
	}
	code := newCode()
	hash, err := bcrypt.GenerateFromPassword([]byte(phone+":"+code), s.cost())
	if err != nil {
		s.giveBack(ctx, taken)
		return nil, fmt.Errorf("otp: hash code: %w", err)
	}
	saved, err := s.Store.SavePhoneCode(ctx, phone, requester, string(hash))
	if err != nil {
		s.giveBack(ctx, taken)
		return nil, err
	}
	if err := s.Sender.Send(ctx, phone, signInText(code, s.storeName(ctx))); err != nil {
		s.Logger.ErrorContext(ctx, "sign-in code not sent", "err", err)
		if err := s.Store.DeletePhoneCode(ctx, saved.Phone, saved.Requester, saved.CreatedAt); err != nil {
			s.Logger.ErrorContext(ctx, "forget unsent code", "err", err)
		}
		s.giveBack(ctx, taken)
		return nil, haat.Errorf(haat.EUNAVAILABLE, "The code could not be sent; try again in a moment")
	}
	s.count("sent")
	sent := &SentCode{Phone: phone, ResendIn: seconds(ResendAfter)}
	if s.ShowCode {
		sent.DevCode = code
	}
	return sent, nil
}

// takeLimits takes the limits of a code sent to key (a number, or an address) asked from the
// client network from: one per OTPResendAfter and OTPPerNumber per OTPWindow, counted under
// prefix, and for an SMS (sms) a slot of the store's ceiling. It answers the slots taken, or the
// refusal with the seconds to wait (0 when waiting does not help).
func (s *Service) takeLimits(ctx context.Context, prefix, key, from string, sms bool) ([]slot, int, error) {
	resend := slot{prefix + ":resend:" + key + ":" + from, 1}
	number := slot{prefix + ":number:" + key + ":" + from, PerNumber}
	if ok, retry, err := s.Limiter.Attempt(ctx, resend.key, resend.limit, ResendAfter); err != nil {
		return nil, 0, err
	} else if !ok {
		secs := seconds(retry)
		wait := haat.Errorf(haat.ETOOMANY, "Wait %d seconds before asking for a new code", secs)
		if secs == 1 {
			wait = haat.Errorf(haat.ETOOMANY, "Wait %d second before asking for a new code", secs)
		}
		return nil, secs, wait
	}
	taken := []slot{resend}
	if ok, retry, err := s.Limiter.Attempt(ctx, number.key, number.limit, Window); err != nil {
		s.giveBack(ctx, taken)
		return nil, 0, err
	} else if !ok {
		s.giveBack(ctx, taken)
		tooMany := haat.TooManyFor(retry, "Too many codes asked for this number; try again in %d minute",
			"Too many codes asked for this number; try again in %d minutes")
		if !sms {
			tooMany = haat.TooManyFor(retry, "Too many codes asked for this email; try again in %d minute",
				"Too many codes asked for this email; try again in %d minutes")
		}
		return nil, seconds(retry), tooMany
	}
	taken = append(taken, number)
	if sms && s.PerHour > 0 {
		ok, _, err := s.Limiter.Attempt(ctx, smsKey, s.PerHour, time.Hour)
		if err != nil || !ok {
			s.giveBack(ctx, taken)
		}
		if err != nil {
			return nil, 0, err
		}
		if !ok {
			s.count("refused")
			s.Logger.WarnContext(ctx, "code refused: the store's SMS ceiling for the hour is reached", "ceiling", s.PerHour)
			return nil, 0, ErrSMSCeiling
		}
		taken = append(taken, slot{smsKey, s.PerHour})
	}
	return taken, 0, nil
}

// slot is one slot of a limit taken.
type slot struct {
	key   string
	limit int
}

// giveBack gives back the slots of a request that sent no code.
func (s *Service) giveBack(ctx context.Context, slots []slot) {
	for _, sl := range slots {
		if err := s.Limiter.GiveBack(ctx, sl.key, sl.limit); err != nil {
			s.Logger.ErrorContext(ctx, "rate limit", "err", err)
		}
	}
}

func (s *Service) count(outcome string) {
	if s.Counted != nil {
		s.Counted(outcome)
	}
}

// VerifyCode implements PhoneSignIn. Every try of a well-formed code counts, a right one
// too, before the code is compared; a right code then ends.
func (s *Service) VerifyCode(ctx context.Context, phone, requester, code, name string) (*haat.User, bool, error) {
	phone, err := haat.NepaliMobile(phone)
	if err != nil {
		return nil, false, ErrMobileNumber
	}
	if requester == "" {
		return nil, false, ErrCodeExpired // a browser that asked for no code
	}
	code = haat.ASCIIDigits(strings.TrimSpace(code))
	if len(code) != Digits || strings.Trim(code, "0123456789") != "" {
		return nil, false, ErrCodeForm
	}
	if name = strings.TrimSpace(name); name != "" {
		if name, err = ShopperName(name); err != nil {
			return nil, false, err
		}
	}
	c, err := s.Store.TryPhoneCode(ctx, phone, requester)
	if err != nil {
		return nil, false, err
	}
	if bcrypt.CompareHashAndPassword([]byte(c.Hash), []byte(phone+":"+code)) != nil {
		return nil, false, c.WrongCode()
	}
	return s.Store.UsePhoneCode(ctx, phone, requester, c.CreatedAt, name)
}

// SpendCode implements account.PhoneCodeCheck: the code is checked as VerifyCode checks it, and a
// right code ends, without signing anyone in.
func (s *Service) SpendCode(ctx context.Context, phone, requester, code string) error {
	c, err := s.tryCode(ctx, phone, requester, code)
	if err != nil {
		return err
	}
	return s.Store.SpendPhoneCode(ctx, c.Phone, requester, c.CreatedAt)
}

// tryCode counts a try of the code texted to phone for requester and answers the code as stored
// when it is right.
func (s *Service) tryCode(ctx context.Context, phone, requester, code string) (*PhoneCode, error) {
	phone, err := haat.NepaliMobile(phone)
	if err != nil {
		return nil, ErrMobileNumber
	}
	if requester == "" {
		return nil, ErrCodeExpired // a browser that asked for no code
	}
	code = strings.TrimSpace(code)
	if len(code) != Digits || strings.Trim(code, "0123456789") != "" {
		return nil, ErrCodeForm
	}
	c, err := s.Store.TryPhoneCode(ctx, phone, requester)
	if err != nil {
		return nil, err
	}
	if bcrypt.CompareHashAndPassword([]byte(c.Hash), []byte(phone+":"+code)) != nil {
		return nil, c.WrongCode()
	}
	return c, nil
}

func (s *Service) cost() int {
	if s.BcryptCost == 0 {
		return bcrypt.DefaultCost
	}
	return s.BcryptCost
}

// seconds rounds a wait up to whole seconds, at least one.
func seconds(d time.Duration) int { return max(1, int(math.Ceil(d.Seconds()))) }
