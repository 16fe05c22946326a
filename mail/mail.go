// Package mail sends e-mails to shoppers: through an SMTP server (SMTP), or to the store's log
// (Log), where a developer reads them.
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"net/url"
	"strings"
	"time"
)

// Mail is one e-mail to one person, in plain text and in HTML.
type Mail struct {
	To, Subject, Text, HTML string
	// Unsubscribe is the link that takes its recipient off the list the mail was sent for, given
	// as its List-Unsubscribe header; "" for none.
	Unsubscribe string
}

// Sender sends e-mails.
type Sender interface {
	Send(ctx context.Context, m Mail) error
}

// Log is a Sender that writes each mail's address, subject and text to the log.
type Log struct{ Logger *slog.Logger }

// Send implements Sender.
func (l Log) Send(ctx context.Context, m Mail) error {
	l.Logger.InfoContext(ctx, "mail", "to", m.To, "subject", m.Subject, "text", m.Text)
	return nil
}

// SMTP sends mails through an SMTP server named by a URL: smtp://user:pass@host:port upgrades the
// connection with STARTTLS when the server offers it (port 587 when none is given), smtps://
// speaks TLS from the start (port 465). The password is sent only over TLS, or to a server on
// this machine.
type SMTP struct {
	// URL is the server's, as ParseURL checked it.
	URL *url.URL
	// From is the address mails come from, with or without a name: "Haat <orders@haat.example>".
	From string
	// Timeout bounds one mail's whole conversation with the server; 0 is 30 seconds.
	Timeout time.Duration
	// TLS is the TLS configuration; nil checks the server's certificate against the system's roots.
	TLS *tls.Config
}

// ParseURL checks an SMTP server's URL: smtp:// or smtps://, with a host.
func ParseURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, errors.New("not a URL")
	}
	if u.Scheme != "smtp" && u.Scheme != "smtps" {
		return nil, errors.New("must start smtp:// or smtps://")
	}
	if u.Hostname() == "" {
		return nil, errors.New("names no host")
	}
	return u, nil
}

// ParseFrom checks a sender's address, with or without a name.
func ParseFrom(s string) (*mail.Address, error) {
	a, err := mail.ParseAddress(s)
	if err != nil {
		return nil, fmt.Errorf("not an address: %w", err)
	}
	return a, nil
}

// Send implements Sender: one connection per mail, closed after it.
func (s *SMTP) Send(ctx context.Context, m Mail) error {
	from, err := ParseFrom(s.From)
	if err != nil {
		return err
	}
	msg, err := Message(from, m, time.Now())
	if err != nil {
		return err
	}
	timeout := s.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if err := s.send(ctx, from.Address, m.To, msg); err != nil {
		return fmt.Errorf("mail to %s: %w", m.To, err)
	}
	return nil
}

// send speaks to the server: TLS (from the start, or upgraded when offered), sign-in, the mail.
func (s *SMTP) send(ctx context.Context, from, to string, msg []byte) error {
	host := s.URL.Hostname()
	implicit := s.URL.Scheme == "smtps"
	port := s.URL.Port()
	if port == "" {
		port = "587"
		if implicit {
			port = "465"
		}
	}
	cfg := s.TLS
	if cfg == nil {
		cfg = &tls.Config{}
	}
	cfg = cfg.Clone()
	if cfg.ServerName == "" {
		cfg.ServerName = host
	}
	addr := net.JoinHostPort(host, port)
	var conn net.Conn
	var err error
	if implicit {
		conn, err = (&tls.Dialer{Config: cfg}).DialContext(ctx, "tcp", addr)
	} else {
		conn, err = (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	}
	if err != nil {
		return err
	}
	defer conn.Close()
	if deadline, ok := ctx.Deadline(); ok {
		conn.SetDeadline(deadline)
	}
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Now()) })
	defer stop()
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		return err
	}
	defer c.Close()
	if !implicit {
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(cfg); err != nil {
				return err
			}
		}
	}
	if user := s.URL.User; user != nil {
		pass, _ := user.Password()
		// net/smtp refuses to send the password in the clear to any host but this machine.
		if err := c.Auth(smtp.PlainAuth("", user.Username(), pass, host)); err != nil {
			return err
		}
	}
	if err := c.Mail(from); err != nil {
		return err
	}
	if err := c.Rcpt(to); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(msg); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// Message writes a mail as the server takes it (RFC 5322): its headers, then the text and the
// HTML as alternatives of one another, each quoted-printable in UTF-8.
func Message(from *mail.Address, m Mail, now time.Time) ([]byte, error) {
	to, err := mail.ParseAddress(m.To)
	if err != nil {
		return nil, fmt.Errorf("recipient: %w", err)
	}
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	id := make([]byte, 12)
	rand.Read(id)
	domain := from.Address[strings.LastIndexByte(from.Address, '@')+1:]
	for _, h := range [][2]string{
		{"From", from.String()},
		{"To", to.String()},
		{"Subject", mime.QEncoding.Encode("utf-8", m.Subject)},
		{"Date", now.Format(time.RFC1123Z)},
		{"Message-ID", "<" + hex.EncodeToString(id) + "@" + domain + ">"},
		{"MIME-Version", "1.0"},
		{"List-Unsubscribe", listUnsubscribe(m.Unsubscribe)},
		{"Content-Type", `multipart/alternative; boundary="` + w.Boundary() + `"`},
	} {
		if h[1] == "" {
			continue
		}
		fmt.Fprintf(&b, "%s: %s\r\n", h[0], h[1])
	}
	b.WriteString("\r\n")
	for _, part := range [][2]string{{"text/plain", m.Text}, {"text/html", m.HTML}} {
		p, err := w.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {part[0] + "; charset=utf-8"},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return nil, err
		}
		q := quotedprintable.NewWriter(p)
		if _, err := q.Write([]byte(strings.ReplaceAll(part[1], "\n", "\r\n"))); err != nil {
			return nil, err
		}
		if err := q.Close(); err != nil {
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// listUnsubscribe is the List-Unsubscribe header of an unsubscribe link (RFC 2369), or "".
func listUnsubscribe(link string) string {
	if link == "" || strings.ContainsAny(link, "\r\n<>") {
		return ""
	}
	return "<" + link + ">"
}
