package main

import (
	"errors"
	"log/slog"

	"haat/mail"
	"haat/sms"
)

// smsConfig holds the SMS provider's settings (settings declares them).
type smsConfig struct {
	Provider, Token, From, SparrowURL, AakashURL string
}

// smsSender builds the SMS provider HAAT_SMS_PROVIDER names. showCode says the sign-in screen
// may show the code itself: only when messages go to the log in development (HAAT_ENV=development),
// whatever the store's address.
func (c *config) smsSender(logger *slog.Logger) (sender sms.Sender, showCode bool, err error) {
	switch c.SMS.Provider {
	case "sparrow":
		if c.SMS.Token == "" || c.SMS.From == "" {
			return nil, false, errors.New("Sparrow SMS needs HAAT_SMS_TOKEN and HAAT_SMS_FROM")
		}
		return &sms.Sparrow{Token: c.SMS.Token, From: c.SMS.From, URL: c.SMS.SparrowURL}, false, nil
	case "aakash":
		if c.SMS.Token == "" {
			return nil, false, errors.New("Aakash SMS needs HAAT_SMS_TOKEN")
		}
		return &sms.Aakash{Token: c.SMS.Token, URL: c.SMS.AakashURL}, false, nil
	}
	return sms.Log{Logger: logger}, c.development(), nil
}

// mailSender builds the sender of shoppers' e-mails: the mail server HAAT_SMTP_URL names; without
// one, the log in development, and none in production (nil: the store then queues no e-mails).
func (c *config) mailSender(logger *slog.Logger) mail.Sender {
	if c.SMTPURL != "" {
		u, _ := mail.ParseURL(c.SMTPURL) // checked by validate
		return &mail.SMTP{URL: u, From: c.MailFrom}
	}
	if c.development() {
		return mail.Log{Logger: logger}
	}
	return nil
}
