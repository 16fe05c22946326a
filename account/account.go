// Package account is the signed-in shopper's care of their own account (SelfService):
// it checks who they are (their password, counted against a limit, or a texted code) before the
// store changes or closes the account.
package account

import (
	"context"
	"strings"

	"haat"
	"haat/login"
	"haat/otp"
)

// Service implements SelfService.
type Service struct {
	Store   Store
	Codes   PhoneCodeCheck
	Limiter haat.RateLimiter
}

var _ SelfService = (*Service)(nil)

// ChangePassword implements SelfService.
func (s *Service) ChangePassword(ctx context.Context, userID, current, password, keep string) error {
	if err := haat.ValidatePassword(password); err != nil {
		return err
	}
	u, err := s.Store.User(ctx, userID)
	if err != nil {
		return err
	}
	if u.HasPassword || current != "" {
		if err := s.checkPassword(ctx, userID, current); err != nil {
			return err
		}
	}
	return s.Store.SetPassword(ctx, userID, password, keep)
}

// ChangeEmail implements SelfService.
func (s *Service) ChangeEmail(ctx context.Context, userID, email, password string) (*haat.User, error) {
	if _, err := haat.NormalizeEmail(email); err != nil {
		return nil, err
	}
	if err := s.checkPassword(ctx, userID, password); err != nil {
		return nil, err
	}
	if err := s.Store.SetEmail(ctx, userID, email); err != nil {
		return nil, err
	}
	return s.Store.User(ctx, userID)
}

// ChangePhone implements SelfService. The code is spent before the number is set: a
// number of another account is refused only to whoever showed they hold it.
func (s *Service) ChangePhone(ctx context.Context, userID, phone, requester, code string) (*haat.User, error) {
	if err := s.Codes.SpendCode(ctx, phone, requester, code); err != nil {
		return nil, err
	}
	if err := s.Store.SetPhone(ctx, userID, phone); err != nil {
		return nil, err
	}
	return s.Store.User(ctx, userID)
}

// EndSessions implements SelfService.
func (s *Service) EndSessions(ctx context.Context, userID string) error {
	return s.Store.EndUserSessions(ctx, userID)
}

// Export implements SelfService.
func (s *Service) Export(ctx context.Context, userID string) (*Export, error) {
	u, err := s.Store.User(ctx, userID)
	if err != nil {
		return nil, err
	}
	addresses, err := s.Store.Addresses(ctx, userID)
	if err != nil {
		return nil, err
	}
	orders, err := s.Store.UserOrders(ctx, userID)
	if err != nil {
		return nil, err
	}
	credit, err := s.Store.Credit(ctx, userID)
	if err != nil {
		return nil, err
	}
	claims, _, err := s.Store.UserClaims(ctx, userID)
	if err != nil {
		return nil, err
	}
	return &Export{Profile: *u, Addresses: addresses, Orders: orders, Credit: credit, Claims: claims}, nil
}

// Close implements SelfService: an account with a password shows it; one without shows
// the code texted to its number.
func (s *Service) Close(ctx context.Context, userID string, proof Proof) error {
	u, err := s.Store.User(ctx, userID)
	if err != nil {
		return err
	}
	switch {
	case u.HasPassword:
		err = s.checkPassword(ctx, userID, proof.Password)
	case u.Phone != "" && strings.TrimSpace(proof.Code) != "":
		err = s.Codes.SpendCode(ctx, u.Phone, proof.Requester, proof.Code)
	case u.Phone != "":
		err = haat.Errorf(haat.EINVALID, "Enter the %d-digit code from the SMS", otp.Digits)
	default:
		err = ErrWrongPassword
	}
	if err != nil {
		return err
	}
	return s.Store.CloseAccount(ctx, userID, proof.GiveUpCredit)
}

// checkPassword checks the account's password, counting a wrong one against the account's
// limit (PasswordTries in login.Window).
func (s *Service) checkPassword(ctx context.Context, userID, password string) error {
	if password == "" {
		return haat.Errorf(haat.EINVALID, "Enter your current password")
	}
	key := "account-password:" + userID
	ok, retry, err := s.Limiter.Attempt(ctx, key, PasswordTries, login.Window)
	if err != nil {
		return err
	}
	if !ok {
		return haat.TooManyFor(retry, "Too many wrong passwords; try again in %d minute", "Too many wrong passwords; try again in %d minutes")
	}
	err = s.Store.CheckPassword(ctx, userID, password)
	if err == nil {
		err = s.Limiter.GiveBack(ctx, key, PasswordTries)
	}
	return err
}
