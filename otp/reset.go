package otp

import (
	"context"
	"fmt"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"haat"
)

var _ PasswordReset = (*Service)(nil)

// resetKey is the key a reset's codes and limits are kept under: "reset:" and the e-mail, in
// lower case, or the number's 10 digits. It checks the request names one of them, well formed.
func resetKey(to *ResetRequest) (string, error) {
	to.Email, to.Phone = strings.TrimSpace(to.Email), strings.TrimSpace(to.Phone)
	switch {
	case (to.Email == "") == (to.Phone == ""):
		return "", ErrResetAddress
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
			return "", ErrMobileNumber
		}
		to.Phone = phone
		return "reset:" + phone, nil
	}
}

// SendResetCode implements PasswordReset. Only the limits are taken within the request,
// and they are taken whether or not an account has the address; finding the account, keeping
// its code and sending it happen after the answer, in the background (see Wait). So the answer,
// its words and its time are the same whether an account has the address and whether the mail
// or SMS server is up. A code that could not be sent is forgotten, its limits are given back and
// the failure is logged.
func (s *Service) SendResetCode(ctx context.Context, to ResetRequest, lang haat.Language, from, requester string) (int, error) {
	key, err := resetKey(&to)
	if err != nil {
		return 0, err
	}
	if requester == "" {
		return 0, fmt.Errorf("otp: a reset code asked by no browser")
	}
	taken, wait, err := s.takeLimits(ctx, "reset", key, from, to.Phone != "")
	if err != nil {
		return wait, err
	}
	// The request's values (its id, for the log) but not its end: the answer ends the request.
	bg := context.WithoutCancel(ctx)
	s.sending.Go(func() {
		ctx, cancel := context.WithTimeout(bg, resetSendTimeout)
		defer cancel()
		if err := s.sendReset(ctx, key, to, lang, requester); err != nil {
			s.Logger.ErrorContext(ctx, "reset code not sent", "err", err)
			s.giveBack(ctx, taken)
		}
	})
	return seconds(ResendAfter), nil
}

// resetSendTimeout bounds the sending of one reset code, and so how long Wait may wait for it.
const resetSendTimeout = 30 * time.Second

// Wait waits for the reset codes still being sent: the store calls it once it stops answering.
func (s *Service) Wait() { s.sending.Wait() }

// sendReset makes a reset code for the account with the address, keeps it hashed and sends it;
// with no such account it does nothing. A code that could not be sent is forgotten.
func (s *Service) sendReset(ctx context.Context, key string, to ResetRequest, lang haat.Language, requester string) error {
	u, err := s.Accounts.ResetAccount(ctx, to)
	if haat.ErrorCode(err) == haat.ENOTFOUND {
		return nil
	} else if err != nil {
		return err
	}
	code := newCode()
	hash, err := bcrypt.GenerateFromPassword([]byte(key+":"+code), s.cost())
	if err != nil {
		return fmt.Errorf("otp: hash reset code: %w", err)
	}
	saved, err := s.Store.SaveCode(ctx, key, requester, string(hash), ResetValidFor)
	if err != nil {
		return err
	}
	if to.Phone != "" {
		err = s.Sender.Send(ctx, to.Phone, resetText(code, s.storeName(ctx)))
	} else {
		err = s.Mail.SendResetCode(ctx, u.Email, lang, code) // as the account spells it
	}
	if err != nil {
		if err := s.Store.DeletePhoneCode(ctx, saved.Phone, saved.Requester, saved.CreatedAt); err != nil {
			s.Logger.ErrorContext(ctx, "forget unsent code", "err", err)
		}
		return err
	}
	if to.Phone != "" {
		s.count("sent")
	}
	return nil
}

// ResetPassword implements PasswordReset: the new password is checked before the code, so
// a refused password spends no try; a right code ends, and the account's sessions with the old
// password.
func (s *Service) ResetPassword(ctx context.Context, to ResetRequest, requester, code, password string) error {
	key, err := resetKey(&to)
	if err != nil {
		return err
	}
	if err := haat.ValidatePassword(password); err != nil {
		return err
	}
	if requester == "" {
		return ErrCodeExpired
	}
	code = haat.ASCIIDigits(strings.TrimSpace(code))
	if len(code) != Digits || strings.Trim(code, "0123456789") != "" {
		return ErrResetCodeForm
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
		return ErrCodeExpired // closed since
	} else if err != nil {
		return err
	}
	return s.Accounts.SetPassword(ctx, u.ID, password, "")
}

// LogMailer is the ResetMailer of a store without an e-mail outbox: in development
// (ShowCode) it writes the code to the log, to be read there; otherwise it writes that no e-mail
// went out, without the code.
type LogMailer struct {
	ShowCode bool
	Logger   interface {
		InfoContext(ctx context.Context, msg string, args ...any)
		WarnContext(ctx context.Context, msg string, args ...any)
	}
}

// SendResetCode implements ResetMailer.
func (m LogMailer) SendResetCode(ctx context.Context, email string, lang haat.Language, code string) error {
	if m.ShowCode {
		m.Logger.InfoContext(ctx, "password reset code (development: no e-mail is sent)", "to", email, "language", lang, "code", code)
		return nil
	}
	m.Logger.WarnContext(ctx, "password reset code not sent: the store sends no e-mail yet", "to", email)
	return nil
}
