package otp

import (
	"context"
	"fmt"
	"strings"

	"golang.org/x/crypto/bcrypt"

	"haat"
)

var _ haat.PasswordReset = (*Service)(nil)

// resetKey is the key a reset's codes and limits are kept under: "reset:" and the e-mail, in
// lower case, or the number's 10 digits. It checks the request names one of them, well formed.
func resetKey(to *haat.ResetRequest) (string, error) {
	to.Email, to.Phone = strings.TrimSpace(to.Email), strings.TrimSpace(to.Phone)
	switch {
	case (to.Email == "") == (to.Phone == ""):
		return "", haat.ErrResetAddress
	case to.Email != "":
		email, err := haat.NormalizeEmail(to.Email)
		if err != nil {
			return "", err
		}
		to.Email = email
		return "reset:" + strings.ToLower(email), nil
	default:
		phone, err := haat.NepaliMobile(to.Phone)
		if err != nil {
			return "", haat.ErrMobileNumber
		}
		to.Phone = phone
		return "reset:" + phone, nil
	}
}

// SendResetCode implements haat.PasswordReset. The limits are taken whether or not an account
// has the address, and a code is made and hashed either way, so that the answer says nothing of
// who shops here; the code is kept and sent only for an account. It is sent within the request:
// the time of the send, and a 503 when the mail or SMS server fails, still tell an account apart
// from none (sending it after answering would not).
func (s *Service) SendResetCode(ctx context.Context, to haat.ResetRequest, lang haat.Language, from, requester string) (int, error) {
	key, err := resetKey(&to)
	if err != nil {
		return 0, err
	}
	if requester == "" {
		return 0, fmt.Errorf("otp: a reset code asked by no browser")
	}
	bySMS := to.Phone != ""
	taken, wait, err := s.takeLimits(ctx, "reset", key, from, bySMS)
	if err != nil {
		return wait, err
	}
	code := haat.NewOTP()
	hash, err := bcrypt.GenerateFromPassword([]byte(key+":"+code), s.cost())
	if err != nil {
		s.giveBack(ctx, taken)
		return 0, fmt.Errorf("otp: hash reset code: %w", err)
	}
	resendIn := seconds(haat.OTPResendAfter)
	u, err := s.Accounts.ResetAccount(ctx, to)
	if haat.ErrorCode(err) == haat.ENOTFOUND {
		return resendIn, nil
	} else if err != nil {
		s.giveBack(ctx, taken)
		return 0, err
	}
	saved, err := s.Store.SaveCode(ctx, key, requester, string(hash), haat.ResetValidFor)
	if err != nil {
		s.giveBack(ctx, taken)
		return 0, err
	}
	if bySMS {
		err = s.Sender.Send(ctx, to.Phone, haat.ResetText(code, s.storeName(ctx)))
	} else {
		err = s.Mail.SendResetCode(ctx, u.Email, lang, code) // as the account spells it
	}
	if err != nil {
		s.Logger.ErrorContext(ctx, "reset code not sent", "err", err)
		if err := s.Store.DeletePhoneCode(ctx, saved.Phone, saved.Requester, saved.CreatedAt); err != nil {
			s.Logger.ErrorContext(ctx, "forget unsent code", "err", err)
		}
		s.giveBack(ctx, taken)
		return 0, haat.Errorf(haat.EUNAVAILABLE, "The code could not be sent; try again in a moment")
	}
	if bySMS {
		s.count("sent")
	}
	return resendIn, nil
}

// ResetPassword implements haat.PasswordReset: the new password is checked before the code, so
// a refused password spends no try; a right code ends, and the account's sessions with the old
// password.
func (s *Service) ResetPassword(ctx context.Context, to haat.ResetRequest, requester, code, password string) error {
	key, err := resetKey(&to)
	if err != nil {
		return err
	}
	if err := haat.ValidatePassword(password); err != nil {
		return err
	}
	if requester == "" {
		return haat.ErrCodeExpired
	}
	code = strings.TrimSpace(code)
	if len(code) != haat.OTPDigits || strings.Trim(code, "0123456789") != "" {
		return haat.ErrResetCodeForm
	}
	c, err := s.Store.TryPhoneCode(ctx, key, requester)
	if err != nil {
		return err
	}
	if bcrypt.CompareHashAndPassword([]byte(c.Hash), []byte(key+":"+code)) != nil {
		return c.WrongCode()
	}
	if err := s.Store.SpendPhoneCode(ctx, key, requester, c.CreatedAt); err != nil {
		return err
	}
	u, err := s.Accounts.ResetAccount(ctx, to)
	if haat.ErrorCode(err) == haat.ENOTFOUND {
		return haat.ErrCodeExpired // closed since
	} else if err != nil {
		return err
	}
	return s.Accounts.SetPassword(ctx, u.ID, password, "")
}

// LogMailer is the haat.ResetMailer of a store without an e-mail outbox: in development
// (ShowCode) it writes the code to the log, to be read there; otherwise it writes that no e-mail
// went out, without the code.
type LogMailer struct {
	ShowCode bool
	Logger   interface {
		InfoContext(ctx context.Context, msg string, args ...any)
		WarnContext(ctx context.Context, msg string, args ...any)
	}
}

// SendResetCode implements haat.ResetMailer.
func (m LogMailer) SendResetCode(ctx context.Context, email string, lang haat.Language, code string) error {
	if m.ShowCode {
		m.Logger.InfoContext(ctx, "password reset code (development: no e-mail is sent)", "to", email, "language", lang, "code", code)
		return nil
	}
	m.Logger.WarnContext(ctx, "password reset code not sent: the store sends no e-mail yet", "to", email)
	return nil
}
