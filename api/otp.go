package api

import (
	"math"
	"net/http"
	"strconv"

	"haat"
)

// OTPSendRequest asks for a sign-in code by SMS (POST /api/user/otp/send).
type OTPSendRequest struct {
	Phone string `json:"phone"`
}

// OTPSendResponse says the code is on its way: to which number (its 10 digits), when the shopper
// may ask again, whether signing in creates an account (the storefront then asks for a name), and,
// on a development machine that sends no SMS, the code itself.
type OTPSendResponse struct {
	DevCode    string `json:"devCode,omitempty"`
	Message    string `json:"message,omitempty"`
	NewAccount bool   `json:"newAccount"`
	Phone      string `json:"phone"`
	ResendIn   int    `json:"resendIn"`
	Success    bool   `json:"success"`
}

// OTPVerifyRequest signs in with the code sent to a number (POST /api/user/otp/verify); name is
// taken on the number's first sign-in only, and may be left out.
type OTPVerifyRequest struct {
	Code  string `json:"code"`
	Name  string `json:"name,omitempty"`
	Phone string `json:"phone"`
}

func (s *Server) otpSend(w http.ResponseWriter, r *http.Request) error {
	var req OTPSendRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.otpAddressAttempt(w, r); err != nil {
		return err
	}
	sent, err := s.PhoneSignIn.SendCode(r.Context(), req.Phone)
	if err != nil {
		s.otpAddressGiveBack(r)
		if sent != nil && haat.ErrorCode(err) == haat.ETOOMANY {
			w.Header().Set("Retry-After", strconv.Itoa(sent.ResendIn))
		}
		return err
	}
	return ok(w, OTPSendResponse{Success: true, Message: say(w, r, "Code sent"), Phone: sent.Phone, ResendIn: sent.ResendIn,
		NewAccount: sent.NewAccount, DevCode: sent.DevCode})
}

func (s *Server) otpVerify(w http.ResponseWriter, r *http.Request) error {
	var req OTPVerifyRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	u, created, err := s.PhoneSignIn.VerifyCode(r.Context(), req.Phone, req.Code, req.Name)
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
	return ok(w, UserResponse{Message: message, Success: true, User: *u})
}

// otpAddressAttempt takes a slot of the client address's limit of codes asked for, and refuses
// the request when it is used up. In development requests from the machine itself are not limited.
func (s *Server) otpAddressAttempt(w http.ResponseWriter, r *http.Request) error {
	if s.ownMachine(r) {
		return nil
	}
	ok, retry, err := s.Limiter.Attempt(r.Context(), "otp:"+addressKey(r, s.ClientIPHeader), haat.OTPPerAddress, haat.OTPWindow)
	if err != nil {
		return err
	}
	if !ok {
		minutes := int(math.Ceil(retry.Minutes()))
		if minutes == 1 {
			return tooMany(w, retry, haat.Errorf(haat.ETOOMANY, "Too many codes asked from your network; try again in %d minute", minutes))
		}
		return tooMany(w, retry, haat.Errorf(haat.ETOOMANY, "Too many codes asked from your network; try again in %d minutes", minutes))
	}
	return nil
}

// otpAddressGiveBack gives back the slot of a request that sent no code.
func (s *Server) otpAddressGiveBack(r *http.Request) {
	if !s.ownMachine(r) {
		s.giveBack(r, "otp:"+addressKey(r, s.ClientIPHeader), haat.OTPPerAddress)
	}
}
