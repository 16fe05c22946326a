package api

import (
	"net/http"
	"strconv"

	"haat"
	"haat/otp"
)

// ResetSendRequest asks for a code to set a forgotten password (POST /api/user/password/reset):
// the account's email or its mobile number, one of them.
type ResetSendRequest struct {
	Email string `json:"email,omitempty"`
	Phone string `json:"phone,omitempty"`
}

// ResetSendResponse says a code is on its way if an account has the address (the answer is the
// same when none has), and how many seconds to wait before asking again.
type ResetSendResponse struct {
	Message  string `json:"message,omitempty"`
	ResendIn int    `json:"resendIn"`
	Success  bool   `json:"success"`
}

// ResetConfirmRequest sets a new password with the code sent (POST /api/user/password/reset/confirm).
type ResetConfirmRequest struct {
	Code     string `json:"code"`
	Email    string `json:"email,omitempty"`
	Password string `json:"password"`
	Phone    string `json:"phone,omitempty"`
}

// resetSend sends a reset code to the account with the e-mail or number, if there is one.
func (s *Server) resetSend(w http.ResponseWriter, r *http.Request) error {
	var req ResetSendRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.otpAddressAttempt(r); err != nil {
		return err
	}
	to := otp.ResetRequest{Email: req.Email, Phone: req.Phone}
	resendIn, err := s.PasswordReset.SendResetCode(r.Context(), to, language(w, r), addressKey(r, s.ClientIPHeader), s.codeRequester(w, r))
	if err != nil {
		s.otpAddressGiveBack(r)
		if resendIn > 0 && haat.ErrorCode(err) == haat.ETOOMANY {
			w.Header().Set("Retry-After", strconv.Itoa(resendIn))
		}
		return err
	}
	return ok(w, ResetSendResponse{Success: true, Message: say(w, r, "If an account has this address, we sent it a code"), ResendIn: resendIn})
}

// resetConfirm sets the new password with the code sent; every session of the account ends.
func (s *Server) resetConfirm(w http.ResponseWriter, r *http.Request) error {
	var req ResetConfirmRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	to := otp.ResetRequest{Email: req.Email, Phone: req.Phone}
	if err := s.PasswordReset.ResetPassword(r.Context(), to, s.requesterOf(r), req.Code, req.Password); err != nil {
		return err
	}
	return ok(w, MessageResponse{Success: true, Message: say(w, r, "Password changed; sign in with your new password")})
}
