package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
)

// TestConfigPrecedence: a flag wins over its environment variable, a non-empty variable over the
// default; secrets are read from the environment only.
func TestConfigPrecedence(t *testing.T) {
	parse := func(args ...string) config {
		t.Helper()
		c, err := parseConfig("serve", args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	if c := parse(); c.Addr != "127.0.0.1:8080" || c.Currency != "USD" || c.Sandbox != "auto" || c.DatabaseURL != "" {
		t.Errorf("defaults: %+v", c)
	}
	t.Setenv("HAAT_ADDR", "127.0.0.1:9000")
	t.Setenv("HAAT_ENV", "")
	t.Setenv("HAAT_DATABASE_URL", "postgres://db.example/haat")
	t.Setenv("HAAT_SELLER_PASSWORD", "a long password")
	t.Setenv("HAAT_KHALTI_API_URL", "http://127.0.0.1:1/")
	c := parse()
	if c.Addr != "127.0.0.1:9000" || c.Env != "production" || c.DatabaseURL != "postgres://db.example/haat" ||
		c.SellerPassword != "a long password" || c.Pay.KhaltiAPIURL != "http://127.0.0.1:1/" {
		t.Errorf("from the environment: %+v", c)
	}
	if c := parse("-addr", "127.0.0.1:9001", "-database-url="); c.Addr != "127.0.0.1:9001" || c.DatabaseURL != "" {
		t.Errorf("flags: %+v", c)
	}
	for _, secret := range []string{"-seller-password", "-stripe-secret-key"} {
		if _, err := parseConfig("serve", []string{secret, "x"}, io.Discard); err == nil {
			t.Errorf("%s is a flag", secret)
		}
	}
}

// TestConfigRefused: serve refuses a value its setting does not take, naming the variable, before
// it opens the database.
func TestConfigRefused(t *testing.T) {
	for _, tc := range []struct{ env, value, want string }{
		{"HAAT_CURRENCY", "EUR", `HAAT_CURRENCY must be USD or NPR, not "EUR"`},
		{"HAAT_ENV", "staging", `HAAT_ENV must be development or production, not "staging"`},
		{"HAAT_PAYMENT_SANDBOX", "yes", `HAAT_PAYMENT_SANDBOX must be auto, true or false, not "yes"`},
		{"HAAT_ADDR", "8080", `HAAT_ADDR must be host:port, e.g. 127.0.0.1:8080, not "8080"`},
		{"HAAT_PUBLIC_URL", "haat.example.com", `HAAT_PUBLIC_URL must be an http:// or https:// address, not "haat.example.com"`},
		{"HAAT_DATABASE_URL", "db.example/haat", `HAAT_DATABASE_URL must be a URL, not "db.example/haat"`},
		{"HAAT_BLOB_URL", "%zz", `HAAT_BLOB_URL must be a URL, not "%zz"`},
		{"HAAT_STRIPE_API_URL", "localhost:12111", `HAAT_STRIPE_API_URL must be an http:// or https:// address, not "localhost:12111"`},
		{"HAAT_ESEWA_FORM_URL", "/form", `HAAT_ESEWA_FORM_URL must be an http:// or https:// address, not "/form"`},
		{"HAAT_ESEWA_STATUS_URL", "ftp://esewa.example", `HAAT_ESEWA_STATUS_URL must be an http:// or https:// address, not "ftp://esewa.example"`},
		{"HAAT_KHALTI_API_URL", "https://", `HAAT_KHALTI_API_URL must be an http:// or https:// address, not "https://"`},
		{"HAAT_FONEPAY_URL", "merchantapi.fonepay.com/api", `HAAT_FONEPAY_URL must be an http:// or https:// address, not "merchantapi.fonepay.com/api"`},
		{"HAAT_SELLER_PASSWORD", "a long password", "set both HAAT_SELLER_EMAIL and HAAT_SELLER_PASSWORD, or neither"},
		{"HAAT_SMS_PROVIDER", "twilio", `HAAT_SMS_PROVIDER must be log, sparrow or aakash, not "twilio"`},
		{"HAAT_SMS_PROVIDER", "sparrow", "Sparrow SMS needs HAAT_SMS_TOKEN and HAAT_SMS_FROM"},
		{"HAAT_SMS_PROVIDER", "Aakash", "Aakash SMS needs HAAT_SMS_TOKEN"},
		{"HAAT_SPARROW_SMS_URL", "api.sparrowsms.com", `HAAT_SPARROW_SMS_URL must be an http:// or https:// address, not "api.sparrowsms.com"`},
		{"HAAT_BACKUP_KEEP", "0", `HAAT_BACKUP_KEEP must be a whole number, 1 or more, not "0"`},
		{"HAAT_AAKASH_SMS_URL", "/send", `HAAT_AAKASH_SMS_URL must be an http:// or https:// address, not "/send"`},
		{"HAAT_SMTP_URL", "https://mail.example", "HAAT_SMTP_URL must be an smtp:// or smtps:// address"},
		{"HAAT_SMTP_URL", "smtp://user:pass@mail.example", "HAAT_SMTP_URL needs HAAT_MAIL_FROM, the address shoppers' e-mails come from"},
		{"HAAT_MAIL_FROM", "orders", `HAAT_MAIL_FROM must be an e-mail address, with or without a name, not "orders"`},
	} {
		t.Run(tc.env, func(t *testing.T) {
			t.Setenv(tc.env, tc.value)
			dir := t.TempDir()
			var out bytes.Buffer
			err := run(context.Background(), []string{"serve", "-data-dir", dir}, nil, &out, &out)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("%s=%s: %v, want %s", tc.env, tc.value, err, tc.want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) > 0 {
				t.Errorf("the refused store wrote %s in its data dir", entries[0].Name())
			}
		})
	}
}

// TestConfigCleaned: the currency is read in any case, the public address without a trailing slash.
func TestConfigCleaned(t *testing.T) {
	t.Setenv("HAAT_CURRENCY", " npr ")
	c, err := parseConfig("serve", []string{"-public-url", "https://haat.example.com/"}, io.Discard)
	if err == nil {
		err = c.validate()
	}
	if err != nil || c.Currency != "NPR" || c.PublicURL != "https://haat.example.com" {
		t.Errorf("%q, %q, %v", c.Currency, c.PublicURL, err)
	}
}

// TestSettings: every setting has a variable and help text of its own; a flag of its own unless
// it is a secret, which is read from the environment only; and it appears in the usage texts.
func TestSettings(t *testing.T) {
	var help, serveHelp bytes.Buffer
	if err := run(context.Background(), []string{"help"}, nil, &help, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"serve", "-h"}, nil, io.Discard, &serveHelp); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, s := range (&config{}).settings() {
		if !strings.HasPrefix(s.env, "HAAT_") || s.help == "" || s.value == nil || seen[s.env] || seen["-"+s.flag] {
			t.Errorf("%s: a variable, help text and a field of its own", s.env)
		}
		seen[s.env] = true
		if s.flag != "" {
			seen["-"+s.flag] = true
		}
		if s.secret && s.flag != "" {
			t.Errorf("the secret %s has a flag", s.env)
		}
		if !strings.Contains(help.String(), s.env) || !strings.Contains(serveHelp.String(), s.env) ||
			(s.flag != "" && !strings.Contains(serveHelp.String(), "-"+s.flag+" ")) {
			t.Errorf("%s missing from the usage text", s.env)
		}
	}
}

// TestReadmeConfiguration holds the documentation to the settings: the settings table of
// docs/configuration.md lists each variable in order with its flag and its default, and the
// README's commands table lists the commands.
func TestReadmeConfiguration(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	// The README is the owner's guide: the details live in docs/.
	if len(readme) > 20<<10 {
		t.Errorf("README.md is %d bytes; keep it under 20 KB and move details to docs/", len(readme))
	}
	configuration, err := os.ReadFile("../../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, s := range (&config{}).settings() {
		flag, def := "", "empty"
		if s.flag != "" {
			flag = "`-" + s.flag + "`"
		}
		if s.def != "" {
			def = "`" + s.def + "`"
		} else if s.unset != "" {
			def = "empty: " + s.unset
		}
		want = append(want, "`"+s.env+"` | "+flag+" | "+def)
	}
	compareLines(t, "Settings", readmeRows(t, string(configuration), "Settings", 3), want)

	want = nil
	for _, c := range commands {
		want = append(want, "`haat "+c.synopsis()+"`")
	}
	compareLines(t, "Commands", readmeRows(t, string(readme), "Commands", 1), want)
}

// readmeRows returns the first n cells of each row of the table in a document's section, joined by
// " | ", without the header row and its rule.
func readmeRows(t *testing.T, readme, section string, n int) []string {
	t.Helper()
	_, text, ok := strings.Cut(readme, "\n## "+section+"\n")
	if !ok {
		t.Fatalf("no section %s", section)
	}
	text, _, _ = strings.Cut(text, "\n## ")
	var rows []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) < n {
			t.Fatalf("%s row with %d cells: %s", section, len(cells), line)
		}
		for i := range cells[:n] {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, strings.Join(cells[:n], " | "))
	}
	return rows
}

func compareLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	for i := range max(len(got), len(want)) {
		g, w := "(none)", "(none)"
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("%s row %d:\n  is        %s\n  should be %s", what, i+1, g, w)
		}
	}
}

// TestSMSSender: messages go to the log unless a provider is configured, and the sign-in screen
// shows the code only in development (HAAT_ENV=development, whatever the address) when messages go
// to the log.
func TestSMSSender(t *testing.T) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, tc := range []struct {
		name     string
		cfg      config
		wantType string
		wantShow bool
	}{
		{"development", config{Addr: "127.0.0.1:8080", Env: "development", SMS: smsConfig{Provider: "log"}}, "sms.Log", true},
		{"localhost", config{Addr: "localhost:8080", Env: "development", SMS: smsConfig{Provider: "log"}}, "sms.Log", true},
		{"production", config{Addr: "127.0.0.1:8080", Env: "production", SMS: smsConfig{Provider: "log"}}, "sms.Log", false},
		{"development on all interfaces", config{Addr: "0.0.0.0:8080", Env: "development", SMS: smsConfig{Provider: "log"}}, "sms.Log", true},
		{"production by default on loopback", config{Addr: "127.0.0.1:8080", SMS: smsConfig{Provider: "log"}}, "sms.Log", false},
		{"sparrow", config{Addr: "127.0.0.1:8080", Env: "development", SMS: smsConfig{Provider: "sparrow", Token: "t", From: "Haat"}}, "*sms.Sparrow", false},
		{"aakash", config{Addr: "127.0.0.1:8080", Env: "development", SMS: smsConfig{Provider: "aakash", Token: "t"}}, "*sms.Aakash", false},
	} {
		sender, show, err := tc.cfg.smsSender(logger)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := fmt.Sprintf("%T", sender); got != tc.wantType || show != tc.wantShow {
			t.Errorf("%s: %s, show code %v; want %s, %v", tc.name, got, show, tc.wantType, tc.wantShow)
		}
	}
}

// TestMailSender: e-mails go through the mail server HAAT_SMTP_URL names; without one, to the log
// in development and nowhere in production.
func TestMailSender(t *testing.T) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, tc := range []struct {
		name     string
		cfg      config
		wantType string
	}{
		{"server", config{Env: "production", SMTPURL: "smtps://u:p@mail.example", MailFrom: "orders@haat.example"}, "*mail.SMTP"},
		{"development", config{Env: "development"}, "mail.Log"},
		{"production", config{Env: "production"}, "<nil>"},
	} {
		if got := fmt.Sprintf("%T", tc.cfg.mailSender(logger)); got != tc.wantType {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.wantType)
		}
	}
}
