package api

import (
	"context"
	"net/http"

	"haat"
)

// RegisterRequest is a shopper's sign-up (POST /api/user/register).
type RegisterRequest struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	Password string `json:"password"`
}

// LanguageRequest is the language a signed-in shopper or seller chose (POST /api/user/language,
// POST /api/seller/language): "en" or "ne".
type LanguageRequest struct {
	Language haat.Language `json:"language"`
}

// LoginRequest is a shopper's or seller's sign-in (POST /api/user/login, POST /api/seller/login).
type LoginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// UserResponse is the signed-in shopper, after sign-up or sign-in (with a message) or when the
// storefront asks who is signed in (GET /api/user/is-auth).
type UserResponse struct {
	Message string    `json:"message,omitempty"`
	Success bool      `json:"success"`
	User    haat.User `json:"user"`
}

func (s *Server) register(w http.ResponseWriter, r *http.Request) error {
	var req RegisterRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.signUpAttempt(r); err != nil {
		return err
	}
	u, err := s.Users.Register(r.Context(), req.Name, req.Email, req.Password)
	if err := s.signUpResult(r, err); err != nil {
		return err
	}
	if err := s.rememberDevice(w, r, haat.RoleUser, accountKey(haat.RoleUser, req.Email)); err != nil {
		return err
	}
	if err := s.startSession(w, r, haat.RoleUser, u.ID); err != nil {
		return err
	}
	return ok(w, UserResponse{Message: say(w, r, "Account Created"), Success: true, User: *u})
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var req LoginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	try, err := s.loginAttempt(w, r, haat.RoleUser, req.Email)
	if err != nil {
		return err
	}
	u, err := s.Users.Authenticate(r.Context(), req.Email, req.Password)
	if err := s.loginResult(w, r, try, err); err != nil {
		return err
	}
	if err := s.startSession(w, r, haat.RoleUser, u.ID); err != nil {
		return err
	}
	return ok(w, UserResponse{Message: say(w, r, "Logged In"), Success: true, User: *u})
}

// setLanguage keeps the language the signed-in shopper or seller (role) chose to read the store
// in, with their account.
func (s *Server) setLanguage(role string) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req LanguageRequest
		if err := decodeJSON(w, r, &req); err != nil {
			return err
		}
		lang, err := haat.ParseLanguage(string(req.Language))
		if err != nil {
			return err
		}
		id := subject(r.Context(), role)
		if role == haat.RoleSeller {
			err = s.Sellers.SetSellerLanguage(r.Context(), id, lang)
		} else {
			err = s.Users.SetLanguage(r.Context(), id, lang)
		}
		if err != nil {
			return err
		}
		return ok(w, MessageResponse{Success: true, Message: say(w, r, "Language saved")})
	}
}

// isAuth answers the shopper of the session, or 401 for anyone else, a seller included: the
// storefront takes 401 to mean "not signed in" and says nothing.
func (s *Server) isAuth(w http.ResponseWriter, r *http.Request) error {
	id, err := s.sessionOf(r, haat.RoleUser)
	if err != nil {
		return err
	}
	u, err := s.Users.User(r.Context(), id)
	if id == "" || haat.ErrorCode(err) == haat.ENOTFOUND {
		return haat.Errorf(haat.EUNAUTHORIZED, "Not Authorized")
	}
	if err != nil {
		return err
	}
	return ok(w, UserResponse{Success: true, User: *u})
}

// UserSessionResponse is the shopper signed in, or null for a guest: the storefront's check at
// start, answered 200 either way (GET /api/user/session).
type UserSessionResponse struct {
	Success bool       `json:"success"`
	User    *haat.User `json:"user"`
}

// userSession answers the shopper of the session, or null: is-auth's question without its 401,
// which a browser reports as an error on every guest's visit.
func (s *Server) userSession(w http.ResponseWriter, r *http.Request) error {
	u, err := signedIn(s, r, haat.RoleUser, s.Users.User)
	if err != nil {
		return err
	}
	return ok(w, UserSessionResponse{Success: true, User: u})
}

// signedIn returns the account of the request's session of role, as find finds it, or nil when
// there is no such session or its account is gone.
func signedIn[T any](s *Server, r *http.Request, role string, find func(context.Context, string) (*T, error)) (*T, error) {
	id, err := s.sessionOf(r, role)
	if err != nil || id == "" {
		return nil, err
	}
	account, err := find(r.Context(), id)
	if haat.ErrorCode(err) == haat.ENOTFOUND {
		return nil, nil
	}
	return account, err
}

// logout ends the request's session of role, a shopper's or a seller's.
func (s *Server) logout(role string) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := s.endSession(w, r, role); err != nil {
			return err
		}
		return ok(w, MessageResponse{Message: say(w, r, "Logged Out"), Success: true})
	}
}

// NotificationsResponse is the kinds of message the shopper gets, as they are after a change
// (POST /api/user/notifications).
type NotificationsResponse struct {
	Success       bool               `json:"success"`
	Message       string             `json:"message"`
	Notifications haat.Notifications `json:"notifications"`
}

// setNotifications changes which kinds of message the signed-in shopper gets: the fields sent
// change, the others stay.
func (s *Server) setNotifications(w http.ResponseWriter, r *http.Request) error {
	var req haat.NotificationChoice
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	n, err := s.Users.SetNotifications(r.Context(), subject(r.Context(), haat.RoleUser), req)
	if err != nil {
		return err
	}
	return ok(w, NotificationsResponse{Success: true, Message: say(w, r, "Choices saved"), Notifications: n})
}
