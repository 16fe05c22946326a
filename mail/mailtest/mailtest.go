// Package mailtest runs a real SMTP server (github.com/emersion/go-smtp) on 127.0.0.1 for tests
// of the store's mails: it takes mails over TCP as a mail server does, with STARTTLS and sign-in,
// and keeps each one it accepts, parsed.
package mailtest

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Mail is a mail the server accepted.
type Mail struct {
	From, To, Subject string
	// Text and HTML are the mail's plain-text and HTML parts, decoded.
	Text, HTML string
	// TLS says the mail came over TLS (upgraded with STARTTLS, or from the start).
	TLS bool
	// ListUnsubscribe is the mail's List-Unsubscribe header.
	ListUnsubscribe string
}

// Server is an SMTP server for one test.
type Server struct {
	// URL is the server's address for mail.ParseURL: smtp://shop:secret@127.0.0.1:port.
	URL *url.URL
	// ClientTLS trusts the server's certificate (valid for 127.0.0.1).
	ClientTLS *tls.Config

	mu    sync.Mutex
	mails []Mail
	fail  bool
}

// User and Password are what the server takes to sign in.
const (
	User     = "shop"
	Password = "secret"
)

// Start runs a server until the test ends. It offers STARTTLS and asks senders to sign in.
func Start(t testing.TB) *Server {
	t.Helper()
	return start(t, false)
}

// StartTLS runs a server that speaks TLS from the start (smtps://), until the test ends.
func StartTLS(t testing.TB) *Server {
	t.Helper()
	return start(t, true)
}

func start(t testing.TB, implicit bool) *Server {
	t.Helper()
	// httptest's certificate is valid for 127.0.0.1; the server presents it for STARTTLS.
	certs := httptest.NewUnstartedServer(http.NotFoundHandler())
	certs.StartTLS()
	cert := certs.TLS.Certificates[0]
	pool := x509.NewCertPool()
	pool.AddCert(certs.Certificate())
	certs.Close()

	s := &Server{ClientTLS: &tls.Config{RootCAs: pool}}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{s: s, conn: c}, nil
	}))
	srv.Domain = "127.0.0.1"
	srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	scheme := "smtp"
	if implicit {
		ln, scheme = tls.NewListener(ln, srv.TLSConfig), "smtps"
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	s.URL = &url.URL{Scheme: scheme, User: url.UserPassword(User, Password), Host: ln.Addr().String()}
	return s
}

// Fail makes the server refuse every mail (451, try again later) while on is true.
func (s *Server) Fail(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail = on
}

// Mails returns the mails accepted so far, in the order they came.
func (s *Server) Mails() []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Mail(nil), s.mails...)
}

// session is one sender's connection.
type session struct {
	s        *Server
	conn     *smtp.Conn
	signedIn bool
	from     string
	to       []string
}

func (x *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (x *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != User || password != Password {
			return errors.New("invalid credentials")
		}
		x.signedIn = true
		return nil
	}), nil
}

func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	if !x.signedIn {
		return smtp.ErrAuthRequired
	}
	x.from = from
	return nil
}

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	x.s.mu.Lock()
	defer x.s.mu.Unlock()
	if x.s.fail {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}
	}
	m, err := parse(raw)
	if err != nil {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: err.Error()}
	}
	_, tlsOn := x.conn.TLSConnectionState()
	m.From, m.To, m.TLS = x.from, strings.Join(x.to, ","), tlsOn
	x.s.mails = append(x.s.mails, m)
	return nil
}

func (x *session) Reset()        { x.from, x.to = "", nil }
func (x *session) Logout() error { return nil }

// parse reads a mail's subject and its text and HTML parts.
func parse(raw []byte) (Mail, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Mail{}, err
	}
	m := Mail{ListUnsubscribe: msg.Header.Get("List-Unsubscribe")}
	if m.Subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); err != nil {
		return Mail{}, err
	}
	media, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || media != "multipart/alternative" {
		return Mail{}, errors.New("not multipart/alternative")
	}
	parts := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := parts.NextPart()
		if err == io.EOF {
			break
		} else if err != nil {
			return Mail{}, err
		}
		body, err := io.ReadAll(p) // quoted-printable, decoded by the reader
		if err != nil {
			return Mail{}, err
		}
		switch {
		case strings.HasPrefix(p.Header.Get("Content-Type"), "text/plain"):
			m.Text = string(body)
		case strings.HasPrefix(p.Header.Get("Content-Type"), "text/html"):
			m.HTML = string(body)
		}
	}
	return m, nil
}
