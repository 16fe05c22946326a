package main

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"haat"
)

// TestContractIsCurrent fails while web/src/lib/contract.ts or api/openapi.json differs from what
// the Go definitions give, so that a change on one side cannot ship without the other.
func TestContractIsCurrent(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	files, err := generateFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{contractFile, openAPIFile} {
		if err := checkCurrent(filepath.Join(root, filepath.FromSlash(name)), name, files[name]); err != nil {
			t.Error(err)
		}
	}
}

type inner struct {
	Shared string `json:"shared"`
}

type outer struct {
	inner
	Named    `json:"named"`
	Ptr      *inner    `json:"ptr"`
	OptPtr   *inner    `json:"optPtr,omitempty"`
	Opt      string    `json:"opt,omitempty"`
	Zero     time.Time `json:"zero,omitzero"`
	Skipped  string    `json:"-"`
	Untagged int
	hidden   bool
	Lists    [][]*int           `json:"lists"`
	Counts   map[string]uint8   `json:"counts"`
	Status   haat.OrderStatus   `json:"status"`
	Payments []haat.PaymentType `json:"payments"`
	Anon     struct {
		A bool `json:"a"`
	} `json:"anon"`
	Raw    json.RawMessage `json:"raw" ts:"number | string"`
	Tagged *withBase       `json:"tagged" ts:"Omit<WithBase, 'extra'>"`
}

// Named is a named struct embedded under a json name, so it is a member, not a base.
type Named struct {
	X float64 `json:"x-y"`
}

type withBase struct {
	Named
	Extra string `json:"extra"`
}

func declared(t *testing.T, typ reflect.Type) string {
	t.Helper()
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	g := newGenerator(root, "haat")
	g.declare(typ)
	if len(g.errs) > 0 {
		t.Fatal(g.errs)
	}
	return g.out.String()
}

func TestShapes(t *testing.T) {
	out := declared(t, reflect.TypeFor[outer]())
	for _, want := range []string{
		"export interface Outer {\n  shared: string;\n  named: Named;\n",
		"  ptr: Inner | null;\n",
		"  optPtr?: Inner;\n",
		"  opt?: string;\n",
		"  zero?: string;\n",
		"  Untagged: number;\n",
		"  lists: (number | null)[][];\n",
		"  counts: Record<string, number>;\n",
		"  status: OrderStatus;\n",
		"  payments: PaymentType[];\n",
		"  anon: { a: boolean };\n",
		"  raw: number | string;\n",
		"  tagged: Omit<WithBase, 'extra'>;\n",
		"export interface WithBase extends Named {\n", // named by a tag, so declared
		"export interface Named {\n  'x-y': number;\n}\n",
		"export interface Inner {\n  shared: string;\n}\n", // only as the type of ptr
		"export type OrderStatus = 'Awaiting Payment' | 'Payment Failed' | 'Order Placed' | 'Packed' | 'Out for Delivery' | 'Delivered' | 'Cancelled';\n",
		"export type PaymentType = 'COD' | 'Online';\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	for _, never := range []string{"Skipped", "hidden"} {
		if strings.Contains(out, never) {
			t.Errorf("%s written:\n%s", never, out)
		}
	}
	if got := declared(t, reflect.TypeFor[withBase]()); !strings.Contains(got, "export interface WithBase extends Named {\n  extra: string;\n}\n") {
		t.Errorf("embedded named struct:\n%s", got)
	}
}

func TestFieldDocs(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	g := newGenerator(root, "haat")
	g.scalar(reflect.TypeFor[haat.Money](), "number")
	g.declare(reflect.TypeFor[haat.Order]())
	out := g.out.String()
	if !strings.Contains(out, "  /** number is the order's short number for people") {
		t.Errorf("field docs are not carried over, or keep the Go name:\n%s", out)
	}
}

type selfEncoding struct {
	Raw json.RawMessage `json:"raw"`
}

func TestRefusesWhatItCannotSee(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	g := newGenerator(root, "haat")
	g.declare(reflect.TypeFor[selfEncoding]())
	g.declare(reflect.TypeFor[haat.Product]()) // Money encodes itself and is not declared a scalar
	if len(g.errs) != 2 {
		t.Fatalf("errors %q, want one for json.RawMessage and one for haat.Money", g.errs)
	}
}

// TestEveryAPIShape fails while a request or answer type of package api is left out of the
// contract: every exported type of the package but the server, its interfaces and the description of
// its routes.
func TestEveryAPIShape(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := parser.ParseDir(token.NewFileSet(), filepath.Join(root, "api"), func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	src, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range pkgs["api"].Files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				ts := s.(*ast.TypeSpec)
				if _, isInterface := ts.Type.(*ast.InterfaceType); isInterface || !ts.Name.IsExported() || ts.Name.Name == "Server" ||
					ts.Name.Name == "RouteShapes" || ts.Name.Name == "Shapes" { // the route table's description, not JSON
					continue
				}
				if !regexp.MustCompile(`(?m)^export (interface|type) ` + ts.Name.Name + `\b`).Match(src) {
					t.Errorf("api.%s is not in %s: add it to apiShapes", ts.Name.Name, contractFile)
				}
			}
		}
	}
}

// TestCommentNames: a doc comment's Go name becomes the TypeScript one when it is a whole word.
func TestCommentNames(t *testing.T) {
	for _, c := range []struct{ doc, goName, name, want string }{
		{"CanRefund: a refund is due.", "CanRefund", "canRefund", "/** canRefund: a refund is due. */\n"},
		{"Refunds are owed.", "Refunds", "refunds", "/** refunds are owed. */\n"},
		{"RefundsDue are owed.", "Refunds", "refunds", "/** RefundsDue are owed. */\n"},
	} {
		var b strings.Builder
		writeComment(&b, "", c.doc, c.goName, c.name)
		if b.String() != c.want {
			t.Errorf("comment of %q = %q, want %q", c.doc, b.String(), c.want)
		}
	}
}

func TestUpperSnake(t *testing.T) {
	for in, want := range map[string]string{"MaxQuantity": "MAX_QUANTITY", "TaxNumerator": "TAX_NUMERATOR", "MaxURLLength": "MAX_URL_LENGTH", "A": "A"} {
		if got := upperSnake(in); got != want {
			t.Errorf("upperSnake(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestQuote(t *testing.T) {
	if got := quote(`it's "x"` + "\n"); got != `'it\'s "x"\n'` {
		t.Errorf("quote = %s", got)
	}
}
