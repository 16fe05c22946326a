// Package otp signs shoppers in by phone: it sends one-time codes by SMS and checks them, over a
// haat.PhoneCodeStore (codes kept only as bcrypt hashes) and an sms.Sender.
package otp

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"haat"
	"haat/sms"
)

// Service implements haat.PhoneSignIn.
type Service struct {
	Store   haat.PhoneCodeStore
	Limiter haat.RateLimiter
	Sender  sms.Sender
	// ShowCode answers the code itself with SentCode.DevCode: only on a development machine whose
	// messages go to the log.
	ShowCode bool
	// BcryptCost is the cost of the codes' hashes; zero is bcrypt.DefaultCost.
	BcryptCost int
	Logger     *slog.Logger
}

var _ haat.PhoneSignIn = (*Service)(nil)

// SendCode implements haat.PhoneSignIn. The number's limits are taken before the code is made;
// a code that could not be sent is forgotten and counts against no limit.
func (s *Service) SendCode(ctx context.Context, phone string) (*haat.SentCode, error) {
	phone, err := haat.NepaliMobile(phone)
	if err != nil {
		return nil, haat.ErrMobileNumber
	}
	resendKey, numberKey := "otp:resend:"+phone, "otp:number:"+phone
	if ok, retry, err := s.Limiter.Attempt(ctx, resendKey, 1, haat.OTPResendAfter); err != nil {
		return nil, err
	} else if !ok {
		secs := seconds(retry)
		wait := haat.Errorf(haat.ETOOMANY, "Wait %d seconds before asking for a new code", secs)
		if secs == 1 {
			wait = haat.Errorf(haat.ETOOMANY, "Wait %d second before asking for a new code", secs)
		}
		return &haat.SentCode{Phone: phone, ResendIn: secs}, wait
	}
	if ok, retry, err := s.Limiter.Attempt(ctx, numberKey, haat.OTPPerNumber, haat.OTPWindow); err != nil {
		return nil, err
	} else if !ok {
		minutes := int(math.Ceil(retry.Minutes()))
		tooMany := haat.Errorf(haat.ETOOMANY, "Too many codes asked for this number; try again in %d minutes", minutes)
		if minutes == 1 {
			tooMany = haat.Errorf(haat.ETOOMANY, "Too many codes asked for this number; try again in %d minute", minutes)
		}
		return &haat.SentCode{Phone: phone, ResendIn: seconds(retry)}, tooMany
	}
	code := haat.NewOTP()
	hash, err := bcrypt.GenerateFromPassword([]byte(phone+":"+code), s.cost())
	if err != nil {
		return nil, fmt.Errorf("otp: hash code: %w", err)
	}
	saved, err := s.Store.SavePhoneCode(ctx, phone, string(hash))
	if err != nil {
		return nil, err
	}
	if err := s.Sender.Send(ctx, phone, haat.OTPText(code)); err != nil {
		s.Logger.ErrorContext(ctx, "sign-in code not sent", "err", err)
		s.undo(ctx, saved, resendKey, numberKey)
		return nil, haat.Errorf(haat.EUNAVAILABLE, "The code could not be sent; try again in a moment")
	}
	exists, err := s.Store.PhoneUserExists(ctx, phone)
	if err != nil {
		return nil, err
	}
	sent := &haat.SentCode{Phone: phone, ResendIn: seconds(haat.OTPResendAfter), NewAccount: !exists}
	if s.ShowCode {
		sent.DevCode = code
	}
	return sent, nil
}

// undo forgets a code that was not sent and gives its slots back.
func (s *Service) undo(ctx context.Context, c *haat.PhoneCode, keys ...string) {
	if err := s.Store.DeletePhoneCode(ctx, c.Phone, c.CreatedAt); err != nil {
		s.Logger.ErrorContext(ctx, "forget unsent code", "err", err)
	}
	limits := map[string]int{keys[0]: 1, keys[1]: haat.OTPPerNumber}
	for key, limit := range limits {
		if err := s.Limiter.GiveBack(ctx, key, limit); err != nil {
			s.Logger.ErrorContext(ctx, "rate limit", "err", err)
		}
	}
}

// VerifyCode implements haat.PhoneSignIn. Every try of a well-formed code counts, a right one
// too, before the code is compared; a right code then ends.
func (s *Service) VerifyCode(ctx context.Context, phone, code, name string) (*haat.User, bool, error) {
	phone, err := haat.NepaliMobile(phone)
	if err != nil {
		return nil, false, haat.ErrMobileNumber
	}
	code = strings.TrimSpace(code)
	if len(code) != haat.OTPDigits || strings.Trim(code, "0123456789") != "" {
		return nil, false, haat.ErrCodeForm
	}
	name = strings.TrimSpace(name)
	if len(name) > haat.MaxNameBytes {
		return nil, false, haat.Errorf(haat.EINVALID, "Name is too long")
	}
	c, err := s.Store.TryPhoneCode(ctx, phone)
	if err != nil {
		return nil, false, err
	}
	if bcrypt.CompareHashAndPassword([]byte(c.Hash), []byte(phone+":"+code)) != nil {
		return nil, false, c.WrongCode()
	}
	return s.Store.UsePhoneCode(ctx, phone, c.CreatedAt, name)
}

func (s *Service) cost() int {
	if s.BcryptCost == 0 {
		return bcrypt.DefaultCost
	}
	return s.BcryptCost
}

// seconds rounds a wait up to whole seconds, at least one.
func seconds(d time.Duration) int { return max(1, int(math.Ceil(d.Seconds()))) }
