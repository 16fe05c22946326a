package api

import (
	"crypto/rand"
	"net/http"
	"strconv"
	"time"

	"haat"
	"haat/otp"
)

// OTPSendRequest asks for a sign-in code by SMS (POST /api/user/otp/send).
type OTPSendRequest struct {
	Phone string `json:"phone"`
}

// OTPSendResponse says the code is on its way: to which number (its 10 digits), when the shopper
// may ask again, and, in development when no SMS is sent, the code itself. It is the same whether
// the number has an account or not.
type OTPSendResponse struct {
	DevCode  string `json:"devCode,omitempty"`
	Message  string `json:"message,omitempty"`
	Phone    string `json:"phone"`
	ResendIn int    `json:"resendIn"`
	Success  bool   `json:"success"`
}

// OTPVerifyRequest signs in with the code sent to a number (POST /api/user/otp/verify); name is
// taken on the number's first sign-in only, and may be left out.
type OTPVerifyRequest struct {
	Code  string `json:"code"`
	Name  string `json:"name,omitempty"`
	Phone string `json:"phone"`
}

// OTPVerifyResponse is the shopper signed in by phone; newAccount says the sign-in created the
// account (the storefront then asks for a name, POST /api/user/name).
type OTPVerifyResponse struct {
	Message    string    `json:"message,omitempty"`
	NewAccount bool      `json:"newAccount"`
	Success    bool      `json:"success"`
	User       haat.User `json:"user"`
}

// NameRequest is the name a signed-in shopper gives (POST /api/user/name).
type NameRequest struct {
	Name string `json:"name"`
}

func (s *Server) otpSend(w http.ResponseWriter, r *http.Request) error {
	var req OTPSendRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.otpAddressAttempt(r); err != nil {
		return err
	}
	sent, err := s.PhoneSignIn.SendCode(r.Context(), req.Phone, addressKey(r, s.ClientIPHeader), s.codeRequester(w, r))
	if err != nil {
		s.otpAddressGiveBack(r)
		if sent != nil && haat.ErrorCode(err) == haat.ETOOMANY {
			w.Header().Set("Retry-After", strconv.Itoa(sent.ResendIn))
		}
		return err
	}
	return ok(w, OTPSendResponse{Success: true, Message: say(w, r, "Code sent"), Phone: sent.Phone, ResendIn: sent.ResendIn,
		DevCode: sent.DevCode})
}

func (s *Server) otpVerify(w http.ResponseWriter, r *http.Request) error {
	var req OTPVerifyRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	u, created, err := s.PhoneSignIn.VerifyCode(r.Context(), req.Phone, s.requesterOf(r), req.Code, req.Name)
	if err != nil {
		return err
	}
	if err := s.startSession(w, r, haat.RoleUser, u.ID); err != nil {
		return err
	}
	message := say(w, r, "Logged In")
	if created {
		message = say(w, r, "Account Created")
	}
	return ok(w, OTPVerifyResponse{Message: message, NewAccount: created, Success: true, User: *u})
}

// setName keeps the name the signed-in shopper gives, and answers the shopper.
func (s *Server) setName(w http.ResponseWriter, r *http.Request) error {
	var req NameRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	id := subject(r.Context(), haat.RoleUser)
	if err := s.Users.SetName(r.Context(), id, req.Name); err != nil {
		return err
	}
	u, err := s.Users.User(r.Context(), id)
	if err != nil {
		return err
	}
	return ok(w, UserResponse{Message: say(w, r, "Name saved"), Success: true, User: *u})
}

// The browser that asks for a sign-in code keeps a random token in a cookie; the code is kept for
// it (its hash), and only that browser may try it, so that someone else asking for or guessing at
// the same number neither ends the owner's code nor spends its tries.
const codeCookie = "haat_otp"

// codeCookieName is the name of the sign-in code cookie, with __Host- on an https store.
func (s *Server) codeCookieName() string {
	if s.httpsOnly() {
		return "__Host-" + codeCookie
	}
	return codeCookie
}

// requesterOf names the browser of the request for its sign-in codes, or "" when it has no token.
func (s *Server) requesterOf(r *http.Request) string {
	c, err := r.Cookie(s.codeCookieName())
	if err != nil || c.Value == "" {
		return ""
	}
	return hashKey(c.Value)
}

// codeRequester names the browser of the request for its sign-in codes, giving it a token first
// when it has none.
func (s *Server) codeRequester(w http.ResponseWriter, r *http.Request) string {
	if requester := s.requesterOf(r); requester != "" {
		return requester
	}
	token := rand.Text()
	http.SetCookie(w, &http.Cookie{
		Name: s.codeCookieName(), Value: token, Path: "/", MaxAge: int((24 * time.Hour).Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r),
	})
	return hashKey(token)
}

// otpAddressAttempt takes a slot of the client address's limit of codes asked for, and refuses
// the request when it is used up. In development requests from the machine itself are not limited.
func (s *Server) otpAddressAttempt(r *http.Request) error {
	if s.ownMachine(r) {
		return nil
	}
	ok, retry, err := s.Limiter.Attempt(r.Context(), "otp:"+addressKey(r, s.ClientIPHeader), otp.PerAddress, otp.Window)
	if err != nil {
		return err
	}
	if !ok {
		return haat.TooManyFor(retry, "Too many codes asked from your network; try again in %d minute",
			"Too many codes asked from your network; try again in %d minutes")
	}
	return nil
}

// otpAddressGiveBack gives back the slot of a request that sent no code.
func (s *Server) otpAddressGiveBack(r *http.Request) {
	if !s.ownMachine(r) {
		s.giveBack(r, "otp:"+addressKey(r, s.ClientIPHeader), otp.PerAddress)
	}
}
