package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // the store's time zone need not be installed on the machine

	"haat"
	"haat/mail"
	"haat/payment"
	"haat/sms"
)

// config is everything haat reads from flags and HAAT_* environment variables; settings declares
// each of them.
type config struct {
	Addr           string
	DrainDelay     string
	DataDir        string
	DatabaseURL    string
	BlobURL        string
	PublicURL      string
	Currency       string
	TimeZone       string
	OrdersPerHour  string
	SellerEmail    string
	SellerPassword string
	ClientIPHeader string
	MetricsToken   string
	// ProfileAddr is a loopback address serving Go's profiles (/debug/pprof/); empty, none.
	ProfileAddr string
	// Env is "development" on a developer's machine (codes on screen, the payment sandbox by
	// default, no per-address limits for the own machine), else "production", the default.
	Env string
	// Sandbox is auto (the sandbox in development, when no real provider is configured), true or
	// false.
	Sandbox string
	// SMSPerHour is the store-wide ceiling of sign-in codes sent by SMS per hour; 0 is none.
	SMSPerHour string
	// BackupDir is where the store writes a daily backup of its SQLite database; empty writes none.
	BackupDir string
	// BackupKeep is how many of its backups the store keeps there.
	BackupKeep string
	Pay        paymentConfig
	SMS        smsConfig
	// SMTPURL names the mail server shoppers' e-mails go through; MailFrom the address they come from.
	SMTPURL  string
	MailFrom string
}

// A setting is one value of the configuration. A flag given on the command line wins over the
// environment variable, a non-empty environment variable over the default.
type setting struct {
	env  string // environment variable
	flag string // flag name; empty for a setting read from the environment only
	def  string // default
	// unset says what an empty value stands for, when the default is empty.
	unset string
	help  string
	// A secret has no flag: it is read from the environment only, so that it stays out of the
	// process list, and its value is never repeated in a message.
	secret bool
	// clean tidies a value before it is checked; nil keeps it as given.
	clean func(string) string
	// valid is the rule a value follows; nil takes any value. An empty value of a setting whose
	// default is empty means "not set" and is not checked.
	valid *rule
	value *string // where the value goes
}

// settings declares haat's configuration, in the order the usage text and the README list it.
func (c *config) settings() []setting {
	return []setting{
		{env: "HAAT_ADDR", flag: "addr", def: "127.0.0.1:8080", valid: hostPort, value: &c.Addr,
			help: "listen address"},
		{env: "HAAT_DRAIN_DELAY", flag: "drain-delay", def: "0s", valid: drainDelay, value: &c.DrainDelay,
			help: "how long /readyz answers 503 on SIGTERM, while requests are still served, before the store stops taking them"},
		{env: "HAAT_DATA_DIR", flag: "data-dir", def: "./data", value: &c.DataDir,
			help: "folder for the SQLite database and uploads"},
		{env: "HAAT_DATABASE_URL", flag: "database-url", unset: "SQLite in the data dir", valid: anyURL, value: &c.DatabaseURL,
			help: "postgres://… URL for PostgreSQL"},
		{env: "HAAT_BLOB_URL", flag: "blob-url", unset: "`uploads/` in the data dir", valid: anyURL, value: &c.BlobURL,
			help: "gocloud.dev/blob URL for images, e.g. s3://bucket?region=…"},
		{env: "HAAT_PUBLIC_URL", flag: "public-url", clean: noTrailingSlash, valid: webURL, value: &c.PublicURL,
			help: "public address of the store, e.g. https://haat.example.com"},
		{env: "HAAT_CURRENCY", flag: "currency", def: "USD", clean: upperCase, valid: oneOf("USD", "NPR"), value: &c.Currency,
			help: "store currency, also the one the demo catalogue is priced in"},
		{env: "HAAT_TIME_ZONE", flag: "time-zone", def: haat.DefaultTimeZone, valid: timeZone, value: &c.TimeZone,
			help: "the store's time zone (IANA name): the seller's days in order filters and exports are its days"},
		{env: "HAAT_ORDERS_PER_HOUR", flag: "orders-per-hour", def: strconv.Itoa(haat.DefaultOrdersPerHour), valid: count, value: &c.OrdersPerHour,
			help: "the most orders one shopper may place in an hour; 0 sets no limit (for load tests)"},
		{env: "HAAT_SELLER_EMAIL", flag: "seller-email", value: &c.SellerEmail,
			help: "seller account created or updated at start-up, with HAAT_SELLER_PASSWORD"},
		{env: "HAAT_SELLER_PASSWORD", secret: true, value: &c.SellerPassword,
			help: "password of HAAT_SELLER_EMAIL"},
		{env: "HAAT_CLIENT_IP_HEADER", flag: "client-ip-header", value: &c.ClientIPHeader,
			help: "header in which a trusted reverse proxy passes the client address, e.g. X-Forwarded-For"},
		{env: "HAAT_METRICS_TOKEN", secret: true, value: &c.MetricsToken,
			help: "bearer token GET /metrics asks for (Prometheus's authorization credentials); unset, /metrics is off"},
		{env: "HAAT_PROFILE_ADDR", flag: "profile-addr", unset: "no profiles", valid: loopbackHostPort, value: &c.ProfileAddr,
			help: "loopback address (e.g. 127.0.0.1:6060) serving Go's CPU, heap and goroutine profiles at /debug/pprof/, to find what a slow route spends its time on"},
		{env: "HAAT_ENV", flag: "env", def: "production", valid: oneOf("development", "production"), value: &c.Env,
			help: "development (sign-in codes on screen, the test payment page by default, no per-address limits for the own machine, the providers' test endpoints; refused with an https public URL) or production, whatever the address"},
		{env: "HAAT_PAYMENT_SANDBOX", flag: "payment-sandbox", def: "auto", valid: oneOf("auto", "true", "false"), value: &c.Sandbox,
			help: "built-in test payment page, labelled as a test: auto (in development, when no provider is configured), true or false"},
		{env: "HAAT_BACKUP_DIR", flag: "backup-dir", unset: "no backups", value: &c.BackupDir,
			help: "folder the store writes a consistent backup of its SQLite database into daily (the first a minute after start-up); with PostgreSQL, use pg_dump instead"},
		{env: "HAAT_BACKUP_KEEP", flag: "backup-keep", def: "14", valid: atLeastOne, value: &c.BackupKeep,
			help: "how many of its backups the store keeps in HAAT_BACKUP_DIR; older ones of its naming (haat-YYYYMMDD-HHMMSS.db) are deleted"},
		{env: "HAAT_STRIPE_SECRET_KEY", secret: true, value: &c.Pay.StripeSecretKey,
			help: "card payments through Stripe Checkout, with HAAT_STRIPE_WEBHOOK_SECRET"},
		{env: "HAAT_STRIPE_WEBHOOK_SECRET", secret: true, value: &c.Pay.StripeWebhookSecret,
			help: "signing secret of the Stripe webhook"},
		{env: "HAAT_STRIPE_API_URL", unset: "Stripe's", valid: webURL, value: &c.Pay.StripeAPIURL,
			help: "another Stripe API address (stripe-mock in tests)"},
		{env: "HAAT_ESEWA_PRODUCT_CODE", value: &c.Pay.EsewaProductCode,
			help: "eSewa ePay v2 merchant code (EPAYTEST on UAT), with HAAT_ESEWA_SECRET_KEY; needs HAAT_CURRENCY=NPR"},
		{env: "HAAT_ESEWA_SECRET_KEY", secret: true, value: &c.Pay.EsewaSecretKey,
			help: "eSewa merchant secret key"},
		{env: "HAAT_ESEWA_FORM_URL", valid: webURL, value: &c.Pay.EsewaFormURL,
			unset: "`" + payment.EsewaUATFormURL + "`, or `" + payment.EsewaProductionFormURL + "` in production with a live product code",
			help:  "eSewa's payment form"},
		{env: "HAAT_ESEWA_STATUS_URL", valid: webURL, value: &c.Pay.EsewaStatusURL,
			unset: "`" + payment.EsewaUATStatusURL + "`, or `" + payment.EsewaProductionStatusURL + "` in production with a live product code",
			help:  "eSewa's transaction status API"},
		{env: "HAAT_KHALTI_SECRET_KEY", secret: true, value: &c.Pay.KhaltiSecretKey,
			help: "Khalti ePayment (KPG-2) secret key; needs HAAT_CURRENCY=NPR"},
		{env: "HAAT_KHALTI_API_URL", valid: webURL, value: &c.Pay.KhaltiAPIURL,
			unset: "`" + payment.KhaltiSandboxURL + "`, or `" + payment.KhaltiProductionURL + "` in production",
			help:  "Khalti's API root"},
		{env: "HAAT_FONEPAY_MERCHANT_CODE", value: &c.Pay.FonepayMerchantCode,
			help: "Fonepay Dynamic QR merchant code, with HAAT_FONEPAY_SECRET, HAAT_FONEPAY_USERNAME and HAAT_FONEPAY_PASSWORD; needs HAAT_CURRENCY=NPR"},
		{env: "HAAT_FONEPAY_SECRET", secret: true, value: &c.Pay.FonepaySecret,
			help: "Fonepay merchant secret key, which signs each request (dataValidation)"},
		{env: "HAAT_FONEPAY_USERNAME", value: &c.Pay.FonepayUsername,
			help: "Fonepay API user name"},
		{env: "HAAT_FONEPAY_PASSWORD", secret: true, value: &c.Pay.FonepayPassword,
			help: "Fonepay API password"},
		{env: "HAAT_FONEPAY_URL", clean: noTrailingSlash, valid: webURL, value: &c.Pay.FonepayURL,
			unset: "`" + payment.FonepayDevURL + "`, or `" + payment.FonepayLiveURL + "` in production",
			help:  "Fonepay's merchant API root"},
		{env: "HAAT_SMS_PROVIDER", flag: "sms-provider", def: "log", clean: lowerCase, valid: oneOf("log", "sparrow", "aakash"), value: &c.SMS.Provider,
			help: "where sign-in codes and order texts go: log (the store's log; in development the sign-in screen shows the code), sparrow (Sparrow SMS) or aakash (Aakash SMS)"},
		{env: "HAAT_SMS_PER_HOUR", flag: "sms-per-hour", def: "500", valid: count, value: &c.SMSPerHour,
			help: "store-wide ceiling of sign-in codes sent by SMS per hour, across all servers (stops SMS pumping); 0 is no ceiling"},
		{env: "HAAT_SMS_TOKEN", secret: true, value: &c.SMS.Token,
			help: "the SMS provider's token: Sparrow's token or Aakash's auth_token"},
		{env: "HAAT_SMS_FROM", flag: "sms-from", value: &c.SMS.From,
			help: "the sender identity Sparrow SMS gave the account (its from)"},
		{env: "HAAT_SPARROW_SMS_URL", valid: webURL, value: &c.SMS.SparrowURL, unset: "`" + sms.SparrowURL + "`",
			help: "Sparrow SMS's send endpoint"},
		{env: "HAAT_AAKASH_SMS_URL", valid: webURL, value: &c.SMS.AakashURL, unset: "`" + sms.AakashURL + "`",
			help: "Aakash SMS's send endpoint"},
		{env: "HAAT_SMTP_URL", secret: true, valid: smtpURL, value: &c.SMTPURL,
			unset: "no e-mails (in development, e-mails go to the log)",
			help:  "mail server for shoppers' e-mails: smtp://user:pass@host:port (STARTTLS when the server offers it) or smtps://… (TLS from the start)"},
		{env: "HAAT_MAIL_FROM", flag: "mail-from", valid: mailAddress, value: &c.MailFrom,
			help: "the address shoppers' e-mails come from, e.g. Haat <orders@haat.example>; needed with HAAT_SMTP_URL"},
	}
}

// A rule is what a setting's value must be.
type rule struct {
	want string // what it takes, as said in an error: "USD or NPR"
	arg  string // the value's shape in the usage text: "USD|NPR"
	ok   func(string) bool
}

// oneOf takes exactly one of values.
func oneOf(values ...string) *rule {
	want := strings.Join(values, ", ")
	if i := strings.LastIndex(want, ", "); i >= 0 {
		want = want[:i] + " or " + want[i+2:]
	}
	return &rule{want: want, arg: strings.Join(values, "|"), ok: func(v string) bool { return slices.Contains(values, v) }}
}

var (
	hostPort = &rule{want: "host:port, e.g. 127.0.0.1:8080", arg: "host:port", ok: func(v string) bool {
		_, _, err := net.SplitHostPort(v)
		return err == nil
	}}
	loopbackHostPort = &rule{want: "a loopback host:port, e.g. 127.0.0.1:6060", arg: "host:port", ok: func(v string) bool {
		host, _, err := net.SplitHostPort(v)
		ip := net.ParseIP(host)
		return err == nil && (host == "localhost" || ip != nil && ip.IsLoopback())
	}}
	anyURL = &rule{want: "a URL", arg: "URL", ok: func(v string) bool {
		u, err := url.Parse(v)
		return err == nil && u.Scheme != ""
	}}
	drainDelay = &rule{want: "a duration from 0s to 60s, e.g. 5s", arg: "duration", ok: func(v string) bool {
		d, err := time.ParseDuration(v)
		return err == nil && d >= 0 && d <= time.Minute
	}}
	count = &rule{want: "a whole number, 0 or more", arg: "n", ok: func(v string) bool {
		n, err := strconv.Atoi(v)
		return err == nil && n >= 0
	}}
	atLeastOne = &rule{want: "a whole number, 1 or more", arg: "n", ok: func(v string) bool {
		n, err := strconv.Atoi(v)
		return err == nil && n >= 1
	}}
	timeZone = &rule{want: "a time zone name like Asia/Kathmandu", arg: "zone", ok: func(v string) bool {
		_, err := time.LoadLocation(v)
		return err == nil && v != "Local"
	}}
	smtpURL = &rule{want: "an smtp:// or smtps:// address", arg: "URL", ok: func(v string) bool {
		_, err := mail.ParseURL(v)
		return err == nil
	}}
	mailAddress = &rule{want: "an e-mail address, with or without a name", arg: "address", ok: func(v string) bool {
		_, err := mail.ParseFrom(v)
		return err == nil
	}}
	webURL = &rule{want: "an http:// or https:// address", arg: "URL", ok: func(v string) bool {
		u, err := url.Parse(v)
		return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
	}}
)

func upperCase(v string) string       { return strings.ToUpper(strings.TrimSpace(v)) }
func lowerCase(v string) string       { return strings.ToLower(strings.TrimSpace(v)) }
func noTrailingSlash(v string) string { return strings.TrimRight(v, "/") }

// parseConfig reads the configuration of a command from its flag arguments and the environment;
// a setting without a flag is read from the environment only. synopsis is the command and its
// arguments, as the usage text shows them.
func parseConfig(synopsis string, args []string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("haat "+synopsis, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { writeUsage(stderr, synopsis, c.settings()) }
	for _, s := range c.settings() {
		v := cmp.Or(os.Getenv(s.env), s.def)
		if s.flag == "" {
			*s.value = v
		} else {
			fs.StringVar(s.value, s.flag, v, s.help)
		}
	}
	err := fs.Parse(args)
	return c, err
}

// validate tidies the settings and refuses a value that breaks its setting's rule, naming the
// environment variable.
func (c *config) validate() error {
	for _, s := range c.settings() {
		if s.clean != nil {
			*s.value = s.clean(*s.value)
		}
		v := *s.value
		if s.valid == nil || (v == "" && s.def == "") || s.valid.ok(v) {
			continue
		}
		if s.secret {
			return fmt.Errorf("%s must be %s", s.env, s.valid.want)
		}
		return fmt.Errorf("%s must be %s, not %q", s.env, s.valid.want, v)
	}
	if c.development() && strings.HasPrefix(c.PublicURL, "https://") {
		return errors.New("HAAT_ENV=development shows sign-in codes on screen and offers the test payment page: " +
			"a store with an https HAAT_PUBLIC_URL is live, so unset HAAT_ENV (production)")
	}
	if c.BackupDir != "" && c.postgres() {
		return errors.New("HAAT_BACKUP_DIR backs up the SQLite database only: back up PostgreSQL with pg_dump, and unset HAAT_BACKUP_DIR")
	}
	if c.SMTPURL != "" && c.MailFrom == "" {
		return errors.New("HAAT_SMTP_URL needs HAAT_MAIL_FROM, the address shoppers' e-mails come from")
	}
	return both("HAAT_SELLER_EMAIL", c.SellerEmail, "HAAT_SELLER_PASSWORD", c.SellerPassword)
}

// development reports whether the store runs on a developer's machine, as HAAT_ENV=development
// says; anything else is production.
func (c *config) development() bool { return c.Env == "development" }

// postgres reports whether the store's database is PostgreSQL (else SQLite in the data dir).
func (c *config) postgres() bool {
	return strings.HasPrefix(c.DatabaseURL, "postgres://") || strings.HasPrefix(c.DatabaseURL, "postgresql://")
}

// backupKeep is HAAT_BACKUP_KEEP as a number (checked by validate).
func (c *config) backupKeep() int {
	n, _ := strconv.Atoi(c.BackupKeep)
	return n
}

// smsPerHour is HAAT_SMS_PER_HOUR as a number (checked by validate).
func (c *config) smsPerHour() int {
	n, _ := strconv.Atoi(c.SMSPerHour)
	return n
}

// both refuses one of two settings that go together set without the other.
func both(env1, value1, env2, value2 string) error {
	if (value1 == "") != (value2 == "") {
		return fmt.Errorf("set both %s and %s, or neither", env1, env2)
	}
	return nil
}

// writeUsage writes the usage text of a command: its flags, then the settings read from the
// environment only.
func writeUsage(w io.Writer, synopsis string, settings []setting) {
	fmt.Fprintf(w, "Usage: haat %s [flags]\n\nFlags, each also read from its environment variable (the flag wins):\n", synopsis)
	for _, s := range settings {
		if s.flag != "" {
			arg := "value"
			if s.valid != nil {
				arg = s.valid.arg
			}
			fmt.Fprintf(w, "  -%s %s  (%s)\n", s.flag, arg, s.env)
			writeHelp(w, s)
		}
	}
	fmt.Fprint(w, "\nRead from the environment only:\n")
	for _, s := range settings {
		if s.flag == "" {
			secret := ""
			if s.secret {
				secret = "  (secret)"
			}
			fmt.Fprintf(w, "  %s%s\n", s.env, secret)
			writeHelp(w, s)
		}
	}
}

// writeHelp writes a setting's help text and its default, if any.
func writeHelp(w io.Writer, s setting) {
	def := ""
	switch {
	case s.def != "":
		def = " (default " + s.def + ")"
	case s.unset != "":
		def = " (empty: " + strings.ReplaceAll(s.unset, "`", "") + ")"
	}
	fmt.Fprintf(w, "    \t%s%s\n", s.help, def)
}
