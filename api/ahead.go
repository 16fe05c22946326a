package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"haat"
)

// The storefront's pages are built with the store's settings as markers: a key between two
// private-use characters ("\ue000store.name\ue001"), which HTML escaping leaves alone, and
// elements that show only for some settings carry data-ahead="has:KEY" (shown when the setting
// at KEY is set: a text not empty, a switch on, a list with that index, a group with a text set). The server fills the
// markers with the current settings when it serves a page, drops the elements they do not
// show, and puts the settings into the page as a JSON block that the storefront starts from
// (web/src/lib/store.ts), so that the page it takes over is the page it would draw.
const (
	markerOpen  = "\ue000"
	markerClose = "\ue001"
	// settingsBlockID is the id of the JSON block of the settings in every page.
	settingsBlockID = "haat-settings"
)

var (
	markerRe = regexp.MustCompile(markerOpen + `([A-Za-z0-9.]+)` + markerClose)
	// aheadRe is the opening tag of an element shown only for some settings.
	aheadRe = regexp.MustCompile(`<([a-z]+)\b[^>]*\sdata-ahead="([^"]+)"[^>]*>`)
)

// settingsValue is the setting at the dotted key in the settings' JSON ("store.claims.2.title"),
// nil when there is none; "store.name" is the store's name in lang.
func settingsValue(doc map[string]any, key string, s *haat.StoreSettings, lang haat.Language) any {
	if key == "store.name" {
		return s.Store.DisplayName(lang)
	}
	var v any = doc
	for _, part := range strings.Split(key, ".") {
		switch c := v.(type) {
		case map[string]any:
			v = c[part]
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(c) {
				return nil
			}
			v = c[i]
		default:
			return nil
		}
	}
	return v
}

// shown reports whether an element marked data-ahead=cond shows with these settings: "has:KEY"
// when the setting is set, "not:KEY" when it is not, and several joined by commas when all hold.
func shown(doc map[string]any, cond string, s *haat.StoreSettings, lang haat.Language) bool {
	for _, c := range strings.Split(cond, ",") {
		if !holds(doc, c, s, lang) {
			return false
		}
	}
	return true
}

// holds reports whether one condition of data-ahead holds (see shown).
func holds(doc map[string]any, cond string, s *haat.StoreSettings, lang haat.Language) bool {
	kind, key, _ := strings.Cut(cond, ":")
	set := false
	switch v := settingsValue(doc, key, s, lang).(type) {
	case string:
		set = v != ""
	case bool:
		set = v
	case []any:
		set = len(v) > 0
	case map[string]any:
		for _, field := range v { // a group of texts is set when one of them is
			if text, ok := field.(string); ok && text != "" {
				set = true
			}
		}
	case nil:
	default:
		set = true
	}
	return set == (kind == "has")
}

// fillPage writes the settings into a page built with markers (see markerOpen) and adds them to
// the page as its JSON block.
func fillPage(page []byte, s *haat.StoreSettings, lang haat.Language) ([]byte, error) {
	public, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	if err := json.Unmarshal(public, &doc); err != nil {
		return nil, err
	}
	out := dropElements(page, func(cond string) bool { return shown(doc, cond, s, lang) })
	out = markerRe.ReplaceAllFunc(out, func(marker []byte) []byte {
		key := string(markerRe.FindSubmatch(marker)[1])
		v, _ := settingsValue(doc, key, s, lang).(string)
		return []byte(html.EscapeString(v))
	})
	block := fmt.Sprintf(`<script type="application/json" id="%s">%s</script></head>`, settingsBlockID, public)
	return bytes.Replace(out, []byte("</head>"), []byte(block), 1), nil
}

// voidElements are the elements of the pages that have no content and no closing tag.
var voidElements = map[string]bool{"img": true, "br": true, "hr": true, "input": true, "meta": true, "link": true}

// dropElements removes from page every element marked data-ahead whose condition keep refuses,
// with its content: up to the closing tag that matches its opening one.
func dropElements(page []byte, keep func(cond string) bool) []byte {
	var out bytes.Buffer
	rest := page
	for {
		loc := aheadRe.FindSubmatchIndex(rest)
		if loc == nil {
			out.Write(rest)
			return out.Bytes()
		}
		tag, cond := string(rest[loc[2]:loc[3]]), string(rest[loc[4]:loc[5]])
		if keep(cond) {
			out.Write(rest[:loc[1]])
			rest = rest[loc[1]:]
			continue
		}
		out.Write(rest[:loc[0]])
		end := loc[1]
		if !voidElements[tag] {
			end = loc[1] + closingTag(rest[loc[1]:], tag)
		}
		rest = rest[end:]
	}
}

// closingTag is where the element named tag whose content starts html ends: past its closing
// tag, counting elements of the same name inside it; the end of html when it is not closed.
func closingTag(html []byte, tag string) int {
	open, closing := []byte("<"+tag), []byte("</"+tag+">")
	depth := 1
	for i := 0; i < len(html); i++ {
		switch {
		case bytes.HasPrefix(html[i:], closing):
			if depth--; depth == 0 {
				return i + len(closing)
			}
		case bytes.HasPrefix(html[i:], open) && i+len(open) < len(html) && (html[i+len(open)] == '>' || html[i+len(open)] == ' '):
			depth++
		}
	}
	return len(html)
}

// filledPages keeps the pages filled with the settings, by page, language and settings, for as
// long as the settings stay as they are: each is filled and compressed once per change.
type filledPages struct {
	mu    sync.Mutex
	pages map[string]*prepared
}

// page is a as filled with the settings s, whose version (settingsSnapshot) is version, in lang.
func (f *filledPages) page(name string, a *prepared, s *haat.StoreSettings, version string, lang haat.Language) (*prepared, error) {
	return f.made(name+"\x00"+string(lang)+"\x00"+version, a.contentType, func() ([]byte, error) { return fillPage(a.body, s, lang) })
}

// made is the page named key, made by make when it is not kept yet, and then kept.
func (f *filledPages) made(key, contentType string, make func() ([]byte, error)) (*prepared, error) {
	f.mu.Lock()
	p := f.pages[key]
	f.mu.Unlock()
	if p != nil {
		return p, nil
	}
	body, err := make()
	if err != nil {
		return nil, err
	}
	p = &prepared{body: body, contentType: contentType, etag: etagOf(body), gz: compressGzip(body), br: compressBrotli(body)}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.pages == nil || len(f.pages) >= 64 {
		f.pages = map[string]*prepared{} // settings or the catalogue changed often: the old pages go
	}
	f.pages[key] = p
	return p, nil
}

// settingsFresh is how long the pages use the settings they read before reading them again: a
// change made through this server shows at once (forget), one made through another within it.
const settingsFresh = time.Second

// settingsSnapshot holds the settings the pages are filled with, read at most once per
// settingsFresh, with a version (a hash of their JSON) that names the filled pages: a page
// costs no database read and no encoding.
type settingsSnapshot struct {
	read settingsOf
	mu   sync.Mutex
	s    *haat.StoreSettings
	// version names s; at is when s was read.
	version string
	at      time.Time
}

// get returns the settings and their version, read again when older than settingsFresh.
func (c *settingsSnapshot) get(ctx context.Context) (*haat.StoreSettings, string, error) {
	c.mu.Lock()
	s, version, at := c.s, c.version, c.at
	c.mu.Unlock()
	if s != nil && time.Since(at) < settingsFresh {
		return s, version, nil
	}
	s, err := c.read(ctx)
	if err != nil {
		return nil, "", err
	}
	public, err := json.Marshal(s)
	if err != nil {
		return nil, "", err
	}
	version = etagOf(public)
	c.mu.Lock()
	c.s, c.version, c.at = s, version, time.Now()
	c.mu.Unlock()
	return s, version, nil
}

// forget drops the settings held, so that the next page reads them: they have just changed.
func (c *settingsSnapshot) forget() {
	c.mu.Lock()
	c.s = nil
	c.mu.Unlock()
}

// settingsOf is how the storefront's files read the settings; nil serves pages unfilled.
type settingsOf func(ctx context.Context) (*haat.StoreSettings, error)
