package notify

import (
	"context"

	"haat"
	"haat/mail"
)

// ResetMail is the otp.ResetMailer that mails a password reset code at once, in the language
// asked, named with the store's name. The code is never queued: the outbox keeps no secret.
type ResetMail struct {
	Sender mail.Sender
	// StoreName is the store's name as its seller set it; nil or "" names none.
	StoreName func(ctx context.Context) string
}

// SendResetCode implements otp.ResetMailer.
func (r ResetMail) SendResetCode(ctx context.Context, email string, lang haat.Language, code string) error {
	m := haat.Message{Channel: haat.ChannelMail, Kind: haat.MessagePasswordReset, To: email, Language: lang, Code: code}
	if r.StoreName != nil {
		m.Store = r.StoreName(ctx)
	}
	out, err := Render(m, "") // a reset mail links to nothing
	if err != nil {
		return err
	}
	return r.Sender.Send(ctx, out)
}
