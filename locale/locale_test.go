package locale

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"haat"
)

// sourceMessages walks the store's Go source (not its tests) and collects every message: the
// format of each haat.Errorf call, of each say call of the API and each literal Message of an answer.
// A format that is not a string literal is reported as a problem: the catalogue could not hold it.
func sourceMessages(t *testing.T) (messages map[string]string, problems []string) {
	t.Helper()
	messages = map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "web", "e2e", "node_modules", "testdata", "bin", "data":
				return filepath.SkipDir
			}
			if strings.HasPrefix(d.Name(), ".") && path != ".." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		literal := func(e ast.Expr, what string) {
			pos := fset.Position(e.Pos()).String()
			lit, ok := e.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				problems = append(problems, pos+": "+what+" is not a string literal")
				return
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				problems = append(problems, pos+": "+err.Error())
				return
			}
			messages[s] = pos
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				switch name, pkg := callee(n); {
				case name == "Errorf" && (pkg == "haat" || (pkg == "" && f.Name.Name == "haat")) && len(n.Args) >= 2:
					literal(n.Args[1], "the format of Errorf")
				case name == "TooManyFor" && (pkg == "haat" || (pkg == "" && f.Name.Name == "haat")) && len(n.Args) >= 3:
					literal(n.Args[1], "the message of TooManyFor")
					literal(n.Args[2], "the message of TooManyFor")
				case name == "say" && pkg == "" && f.Name.Name == "api" && len(n.Args) >= 3:
					literal(n.Args[2], "the format of say")
				}
			case *ast.KeyValueExpr:
				if key, ok := n.Key.(*ast.Ident); ok && key.Name == "Message" && f.Name.Name == "api" {
					if lit, ok := n.Value.(*ast.BasicLit); ok {
						literal(lit, "Message")
						problems = append(problems, fset.Position(lit.Pos()).String()+": a literal Message is written as say(w, r, …)")
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return messages, problems
}

func callee(c *ast.CallExpr) (name, pkg string) {
	switch fn := c.Fun.(type) {
	case *ast.Ident:
		return fn.Name, ""
	case *ast.SelectorExpr:
		if x, ok := fn.X.(*ast.Ident); ok {
			return fn.Sel.Name, x.Name
		}
	}
	return "", ""
}

var verbPattern = regexp.MustCompile(`%[-+# 0]*(\[\d+\])?[0-9*]*(\.[0-9*]*)?[a-zA-Z%]`)

// verbs are the formatting directives of a format, in order, %% left out.
func verbs(format string) []string {
	var out []string
	for _, v := range verbPattern.FindAllString(format, -1) {
		if v != "%%" {
			out = append(out, v)
		}
	}
	return out
}

// TestCatalogueComplete holds the Nepali catalogue to the source: every message the store
// writes has a Nepali format with the same verbs in the same order, and the catalogue holds no
// message the store no longer writes.
func TestCatalogueComplete(t *testing.T) {
	messages, problems := sourceMessages(t)
	for _, p := range problems {
		t.Error(p)
	}
	if len(messages) < 150 {
		t.Fatalf("found only %d messages in the source; the walk misses some", len(messages))
	}
	var missing []string
	for en, pos := range messages {
		ne, ok := nepaliMessages[en]
		if !ok {
			missing = append(missing, pos+": "+strconv.Quote(en))
			continue
		}
		if !slices.Equal(verbs(en), verbs(ne)) {
			t.Errorf("%s: Nepali %q has the verbs %v, English %q has %v", pos, ne, verbs(ne), en, verbs(en))
		}
		if strings.ContainsAny(ne, "0123456789") {
			t.Errorf("Nepali %q writes ASCII digits; write Devanagari ones", ne)
		}
	}
	slices.Sort(missing)
	for _, m := range missing {
		t.Errorf("no Nepali for %s", m)
	}
	for en := range nepaliMessages {
		if _, ok := messages[en]; !ok {
			t.Errorf("the Nepali catalogue holds %q, which the store no longer writes", en)
		}
	}
}

func TestPreferredLanguage(t *testing.T) {
	for header, lang := range map[string]haat.Language{
		"":                        haat.English,
		"ne":                      haat.Nepali,
		"NE-np":                   haat.Nepali,
		"ne-NP,ne;q=0.9,en;q=0.8": haat.Nepali,
		"en, ne":                  haat.English,
		"ne, en":                  haat.Nepali,
		"en;q=0.7, ne;q=0.8":      haat.Nepali,
		"en-GB,en;q=0.9,ne;q=0.8": haat.English,
		"ne;q=0":                  haat.English,
		"ne;q=bad":                haat.English,
		"hi, ne;q=0.5":            haat.Nepali,
		"*, ne;q=0.5":             haat.English,
		"ne;q=0.5, *;q=0.4":       haat.Nepali,
		"de,fr":                   haat.English,
	} {
		if got := PreferredLanguage(header); got != lang {
			t.Errorf("PreferredLanguage(%q) = %q, want %q", header, got, lang)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	rules := &haat.DeliveryRules{Districts: []string{"Kathmandu", "Lalitpur"}, MinimumOrder: 123456}
	for _, tc := range []struct {
		err    error
		en, ne string
	}{
		{rules.CheckMinimum(100, haat.NPR), "Minimum order is Rs. 1,234.56", "न्यूनतम अर्डर रु १,२३४.५६ हो"},
		{rules.CheckArea(haat.Address{City: "Pokhara"}), "We deliver only to Kathmandu and Lalitpur. Please choose an address there",
			"हामी काठमाडौं र ललितपुर मा मात्र डेलिभरी गर्छौं। कृपया त्यहाँको ठेगाना छान्नुहोस्"},
		{haat.Errorf(haat.EINVALID, "Ward must be a number from 1 to %d", 35), "Ward must be a number from 1 to 35", "वडा नं. १ देखि ३५ सम्मको संख्या हुनुपर्छ"},
		{haat.Errorf(haat.EINVALID, "%s is required", "Zip code"), "Zip code is required", "हुलाक कोड आवश्यक छ"},
		{haat.Errorf(haat.EINVALID, "%s is out of stock", "Coke 500ml"), "Coke 500ml is out of stock", "Coke 500ml स्टकमा छैन"},
		{haat.Errorf(haat.EINVALID, "Image %d: %s", 2, "Each image must be at most 5 MB"), "Image 2: Each image must be at most 5 MB", "फोटो २: हरेक फोटो बढीमा ५ MB को हुनुपर्छ"},
		{haat.Errorf(haat.EINVALID, "Unknown language %q: choose en or ne", "12"), `Unknown language "12": choose en or ne`, `"12" भाषा चिनिएन: en वा ne छान्नुहोस्`},
		{errBSRange(), "Dates in Bikram Sambat are known from 2000 to 2099 BS (14 April 1943 to 13 April 2043)",
			"विक्रम संवतका मितिहरू २००० देखि २०९९ वि.सं. (सन् १९४३ अप्रिल १४ देखि सन् २०४३ अप्रिल १३) सम्म मात्र थाहा छन्"},
		{fmt.Errorf("disk full"), "Something went wrong", "केही गडबड भयो"},
	} {
		if got := haat.ErrorMessage(tc.err); got != tc.en {
			t.Errorf("English %q, want %q", got, tc.en)
		}
		if got := ErrorMessage(tc.err, haat.Nepali); got != tc.ne {
			t.Errorf("Nepali %q, want %q", got, tc.ne)
		}
	}
	a := haat.Address{Country: "Nepal", FirstName: "Sita", LastName: "Rai", State: "Koshi", District: "Kathmandu", City: "Kathmandu", Street: "Thamel", Ward: 3, Phone: "9841234567"}
	if got := ErrorMessage(a.Validate(), haat.Nepali); got != "काठमाडौं जिल्ला बागमती प्रदेशमा पर्छ, कोशी मा होइन" {
		t.Errorf("Nepali %q", got)
	}
}

func errBSRange() error {
	_, err := haat.BSOf(time.Date(1900, time.January, 1, 0, 0, 0, 0, time.UTC))
	return err
}

// TestDay: a day in a message is its date in Nepal in Bikram Sambat, in the reader's language.
func TestDay(t *testing.T) {
	for _, tc := range []struct {
		at     time.Time
		en, ne string
	}{
		// 1 Shrawan 2082 began at midnight in Kathmandu, 18:15 UTC on 16 July 2025.
		{time.Date(2025, time.July, 16, 18, 15, 0, 0, time.UTC), "2082 Shrawan 1", "२०८२ साउन १"},
		{time.Date(2025, time.July, 16, 18, 14, 0, 0, time.UTC), "2082 Asar 32", "२०८२ असार ३२"},
		{time.Date(2025, time.April, 14, 12, 0, 0, 0, time.UTC), "2082 Baisakh 1", "२०८२ बैशाख १"},
		{time.Date(2027, time.April, 13, 12, 0, 0, 0, time.UTC), "2083 Chaitra 30", "२०८३ चैत्र ३०"},
		{time.Date(1900, time.January, 1, 12, 0, 0, 0, time.UTC), "1900-01-01", "1900-01-01"},
	} {
		if got := Say(haat.English, "%s", Day(tc.at)); got != tc.en {
			t.Errorf("%s: English %q, want %q", tc.at, got, tc.en)
		}
		if got := Say(haat.Nepali, "%s", Day(tc.at)); got != tc.ne {
			t.Errorf("%s: Nepali %q, want %q", tc.at, got, tc.ne)
		}
	}
}

func TestTooManyFor(t *testing.T) {
	const minute, minutes = "Too many wrong passwords; try again in %d minute", "Too many wrong passwords; try again in %d minutes"
	for _, tc := range []struct {
		retry  time.Duration
		en, ne string
	}{
		{0, "Too many wrong passwords; try again in 1 minute", "धेरै पटक गलत पासवर्ड; १ मिनेटपछि फेरि प्रयास गर्नुहोस्"},
		{time.Millisecond, "Too many wrong passwords; try again in 1 minute", "धेरै पटक गलत पासवर्ड; १ मिनेटपछि फेरि प्रयास गर्नुहोस्"},
		{time.Minute, "Too many wrong passwords; try again in 1 minute", "धेरै पटक गलत पासवर्ड; १ मिनेटपछि फेरि प्रयास गर्नुहोस्"},
		{time.Minute + time.Millisecond, "Too many wrong passwords; try again in 2 minutes", "धेरै पटक गलत पासवर्ड; २ मिनेटपछि फेरि प्रयास गर्नुहोस्"},
		{14*time.Minute + 59*time.Second, "Too many wrong passwords; try again in 15 minutes", "धेरै पटक गलत पासवर्ड; १५ मिनेटपछि फेरि प्रयास गर्नुहोस्"},
	} {
		err := haat.TooManyFor(tc.retry, minute, minutes)
		if err.Code != haat.ETOOMANY || err.RetryAfter != tc.retry {
			t.Errorf("%v: code %s, retry after %v", tc.retry, err.Code, err.RetryAfter)
		}
		if got := haat.ErrorMessage(err); got != tc.en {
			t.Errorf("%v: English %q, want %q", tc.retry, got, tc.en)
		}
		if got := ErrorMessage(err, haat.Nepali); got != tc.ne {
			t.Errorf("%v: Nepali %q, want %q", tc.retry, got, tc.ne)
		}
	}
}
