package main

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// generator writes TypeScript declarations of Go values and types, in the order they are asked
// for, each named type once. A type's JSON shape is what encoding/json writes for it:
//
//   - a struct becomes an interface with a member per field, named by its json tag; a field with
//     omitempty or omitzero is optional, and an embedded struct becomes an interface it extends;
//   - a pointer is the pointed-to type or null, unless its field is optional (nil is left out);
//   - a named string type whose package declares string constants of it becomes the union of
//     those values; one declared with enum also gets the list of its values, in order;
//   - a slice is an array, a map with string keys a Record; numbers are number;
//   - time.Time is a string (RFC 3339) and haat.Money a number; any other type that encodes
//     itself is refused, since reflection cannot see its shape;
//   - a field tagged ts:"…" has that TypeScript type instead, for a field whose Go type says more
//     or less than the JSON it carries: a json.RawMessage read as a number or a numeric string,
//     a pointer that only tells a missing field from a zero one.
type generator struct {
	root, module string // the repository's directory and module path
	out          bytes.Buffer
	sources      map[string]*source      // by package path
	names        map[reflect.Type]string // TypeScript name of each named type declared or to declare
	taken        map[string]reflect.Type // Go type of each TypeScript name
	done         map[reflect.Type]bool   // types declared already
	scalars      map[reflect.Type]string // types written as a TypeScript scalar type
	saysName     map[reflect.Type]bool   // types whose OpenAPI description says their TypeScript name (qualified)
	lastGroup    string                  // doc of the constant group written last
	pending      []reflect.Type          // named types referred to but not yet declared
	errs         []error
}

func newGenerator(root, module string) *generator {
	return &generator{
		root: root, module: module,
		sources:  map[string]*source{},
		names:    map[reflect.Type]string{},
		taken:    map[string]reflect.Type{},
		done:     map[reflect.Type]bool{},
		scalars:  map[reflect.Type]string{reflect.TypeFor[time.Time](): "string"},
		saysName: map[reflect.Type]bool{},
	}
}

// fail records an error, once.
func (g *generator) fail(format string, args ...any) {
	err := fmt.Errorf(format, args...)
	for _, e := range g.errs {
		if e.Error() == err.Error() {
			return
		}
	}
	g.errs = append(g.errs, err)
}

func (g *generator) printf(format string, args ...any) { fmt.Fprintf(&g.out, format, args...) }

// source returns the parsed Go files of a package of the module.
func (g *generator) source(pkgPath string) *source {
	if s, ok := g.sources[pkgPath]; ok {
		return s
	}
	rel, ok := strings.CutPrefix(pkgPath, g.module)
	if !ok || (rel != "" && rel[0] != '/') {
		g.fail("package %s is not part of module %s", pkgPath, g.module)
		g.sources[pkgPath] = &source{}
		return g.sources[pkgPath]
	}
	s, err := readSource(filepath.Join(g.root, filepath.FromSlash(rel)))
	if err != nil {
		g.fail("reading package %s: %v", pkgPath, err)
		s = &source{}
	}
	g.sources[pkgPath] = s
	return s
}

// comment writes a doc comment as JSDoc; its first word, the Go name, becomes name.
func (g *generator) comment(indent, doc, goName, name string) {
	writeComment(&g.out, indent, doc, goName, name)
}

// writeComment writes a doc comment to w, indented, as JSDoc; its first word, the Go name,
// becomes name.
func writeComment(w io.Writer, indent, doc, goName, name string) {
	doc = strings.TrimSpace(doc)
	if doc == "" {
		return
	}
	doc = renamed(doc, goName, name)
	lines := strings.Split(doc, "\n")
	if len(lines) == 1 {
		fmt.Fprintf(w, "%s/** %s */\n", indent, strings.ReplaceAll(doc, "*/", "*\\/"))
		return
	}
	fmt.Fprintf(w, "%s/**\n", indent)
	for _, l := range lines {
		fmt.Fprintf(w, "%s *%s\n", indent, strings.TrimRight(" "+strings.ReplaceAll(l, "*/", "*\\/"), " "))
	}
	fmt.Fprintf(w, "%s */\n", indent)
}

// renamed is doc with the Go name it starts with, as a whole word, said as name.
func renamed(doc, goName, name string) string {
	if rest, ok := strings.CutPrefix(doc, goName); ok && goName != "" && goName != name && startsWord(rest) {
		return name + rest
	}
	return doc
}

// startsWord reports whether the text after a name ends the name: it is empty or goes on with a
// space or punctuation, not with a letter or digit of a longer word.
func startsWord(rest string) bool {
	for _, r := range rest {
		return r == ' ' || unicode.IsPunct(r)
	}
	return true
}

// section starts a part of the module with a heading comment.
func (g *generator) section(title string) {
	g.printf("\n// %s\n", title)
	g.lastGroup = ""
}

// name reserves the TypeScript name of a Go named type.
func (g *generator) name(t reflect.Type, name string) {
	if other, ok := g.taken[name]; ok && other != t {
		g.fail("%s and %s would both be %s in TypeScript: rename one", other, t, name)
		return
	}
	g.taken[name] = t
	g.names[t] = name
}

// qualified names a type of one of the domain's own packages as the storefront knows it, with its
// package's name (cash.Sheet is CashSheet), and has its OpenAPI description say that name too.
func (g *generator) qualified(t reflect.Type, name string) {
	g.name(t, name)
	g.saysName[t] = true
}

// tsName is the TypeScript name of a Go named type: the name given, else its Go name, exported.
func (g *generator) tsName(t reflect.Type) string {
	if n, ok := g.names[t]; ok {
		return n
	}
	r := []rune(t.Name())
	r[0] = unicode.ToUpper(r[0])
	g.name(t, string(r))
	return string(r)
}

// scalar declares that t is written as a TypeScript type alias to ts.
func (g *generator) scalar(t reflect.Type, ts string) {
	g.scalars[t] = ts
	name := g.tsName(t)
	g.comment("", g.source(t.PkgPath()).docs[t.Name()], t.Name(), name)
	g.printf("export type %s = %s;\n", name, ts)
	g.done[t] = true
}

// enum declares the union type of a named string type and the list of its values, in order:
// values when given, else the constants of the type its package declares.
func enum[T ~string](g *generator, list string, values ...T) {
	t := reflect.TypeFor[T]()
	src := g.source(t.PkgPath())
	consts := src.consts[t.Name()]
	switch {
	case g.done[t] || slices.Contains(g.pending, t):
		g.fail("%s is used before its enum is declared", t)
		return
	case len(values) == 0 && len(consts) == 0:
		g.fail("%s has no values", t)
		return
	case len(values) > 0 && len(consts) > 0:
		g.fail("%s has constants: declare its enum without values", t)
		return
	}
	for _, c := range consts {
		values = append(values, T(c.value))
	}
	name := g.tsName(t)
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = quote(string(v))
	}
	g.printf("\n")
	g.comment("", src.docs[t.Name()], t.Name(), name)
	g.printf("export type %s = (typeof %s)[number];\n", name, list)
	g.comment("", fmt.Sprintf("%s lists every %s, in order.", list, name), "", "")
	g.printf("export const %s = [%s] as const;\n", list, strings.Join(quoted, ", "))
	g.done[t] = true
}

// constant declares a Go constant of the package pkgPath as a TypeScript one, named in upper
// snake case (MaxQuantity becomes MAX_QUANTITY). The doc comment of its group comes first.
func (g *generator) constant(pkgPath, goName string, value any) {
	g.constantNamed(pkgPath, goName, upperSnake(goName), value)
}

// constantAs writes a Go constant or variable as the TypeScript constant name, for a Go name that
// says too little outside its package (images.Sizes is PHOTO_SIZES); the section before it says
// what it is about, in place of its group's comment.
func (g *generator) constantAs(pkgPath, goName, name string, value any) {
	src := g.source(pkgPath)
	g.lastGroup = src.groups[goName]
	g.write(src, goName, name, value)
}

func (g *generator) constantNamed(pkgPath, goName, name string, value any) {
	src := g.source(pkgPath)
	if group := src.groups[goName]; group != "" && group != g.lastGroup {
		g.printf("\n")
		for _, l := range strings.Split(strings.TrimSpace(group), "\n") {
			g.printf("%s\n", strings.TrimRight("// "+l, " "))
		}
		g.lastGroup = group
	}
	g.write(src, goName, name, value)
}

// write writes the constant with its doc comment.
func (g *generator) write(src *source, goName, name string, value any) {
	doc, ok := src.docs[goName]
	if !ok {
		g.fail("declares no %s", goName)
		return
	}
	g.comment("", doc, goName, name)
	g.printf("export const %s = %s;\n", name, literal(value))
}

// declare writes the declaration of a named type and of every named type it refers to.
func (g *generator) declare(t reflect.Type) {
	g.ref(t)
	for len(g.pending) > 0 {
		next := g.pending[0]
		g.pending = g.pending[1:]
		if !g.done[next] {
			g.declareNow(next)
		}
	}
}

func (g *generator) declareNow(t reflect.Type) {
	g.done[t] = true
	name := g.tsName(t)
	src := g.source(t.PkgPath())
	g.printf("\n")
	g.comment("", src.docs[t.Name()], t.Name(), name)
	consts := src.consts[t.Name()]
	switch {
	case t.Kind() == reflect.String && len(consts) > 0:
		quoted := make([]string, len(consts))
		for i, c := range consts {
			quoted[i] = quote(c.value)
		}
		g.printf("export type %s = %s;\n", name, strings.Join(quoted, " | "))
	case t.Kind() == reflect.Struct:
		bases, members := g.members(t)
		ext := ""
		if len(bases) > 0 {
			ext = " extends " + strings.Join(bases, ", ")
		}
		g.printf("export interface %s%s {\n", name, ext)
		for _, m := range members {
			writeComment(&g.out, "  ", src.docs[t.Name()+"."+m.goName], m.goName, m.name)
			g.printf("  %s;\n", m)
		}
		g.printf("}\n")
	default:
		g.printf("export type %s = %s;\n", name, g.kindExpr(t, false))
	}
}

// member is a property of an interface.
type member struct {
	goName, name, typ string
	optional          bool
}

func (m member) String() string {
	q := ""
	if m.optional {
		q = "?"
	}
	return property(m.name) + q + ": " + m.typ
}

// members lists the properties of a struct as encoding/json writes them: an embedded exported
// struct becomes a base interface to extend, an embedded unexported one has its fields inlined.
func (g *generator) members(t reflect.Type) (bases []string, members []member) {
	seen := map[string]bool{}
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			switch ft := f.Type; {
			case ft.Kind() != reflect.Struct:
				g.fail("%s embeds %s, which is not a struct", t, ft)
			case token.IsExported(ft.Name()):
				bases = append(bases, g.ref(ft))
			default:
				b, m := g.members(ft)
				bases, members = append(bases, b...), append(members, m...)
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if seen[name] {
			g.fail("%s has two fields called %s in JSON", t, name)
		}
		seen[name] = true
		if hasOpt(opts, "string") {
			g.fail("%s.%s: the json string option is not supported", t, f.Name)
		}
		optional := hasOpt(opts, "omitempty") || hasOpt(opts, "omitzero")
		typ, ok := f.Tag.Lookup("ts")
		switch {
		case !ok:
			typ = g.expr(f.Type, optional)
		case strings.TrimSpace(typ) == "":
			g.fail("%s.%s: empty ts tag", t, f.Name)
		default:
			g.refNamed(f.Type)
		}
		members = append(members, member{goName: f.Name, name: name, typ: typ, optional: optional})
	}
	return bases, members
}

// ref returns the TypeScript name of a named type of the module and queues its declaration.
func (g *generator) ref(t reflect.Type) string {
	if !g.done[t] && !slices.Contains(g.pending, t) {
		g.pending = append(g.pending, t)
	}
	return g.tsName(t)
}

// refNamed queues the declaration of the named type of the module that t is or points to, if
// any, for a field whose TypeScript type its ts tag gives and may name.
func (g *generator) refNamed(t reflect.Type) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if _, scalar := g.scalars[t]; !scalar && t.Name() != "" && strings.HasPrefix(t.PkgPath()+"/", g.module+"/") {
		g.ref(t)
	}
}

// encodesItself reports, and refuses, a type that encodes itself in a way reflection cannot see.
func (g *generator) encodesItself(t reflect.Type) bool {
	for _, it := range []reflect.Type{reflect.TypeFor[json.Marshaler](), reflect.TypeFor[encoding.TextMarshaler]()} {
		if t.Implements(it) || reflect.PointerTo(t).Implements(it) {
			g.fail("%s encodes itself to JSON: declare its TypeScript type with scalar", t)
			return true
		}
	}
	return false
}

// expr is the TypeScript type of a Go type; optional says its field may be left out, so that a
// nil pointer is not written.
func (g *generator) expr(t reflect.Type, optional bool) string {
	if ts, ok := g.scalars[t]; ok {
		if g.done[t] {
			return g.tsName(t)
		}
		return ts
	}
	if t.Name() != "" && g.encodesItself(t) {
		return "unknown"
	}
	if t.Name() != "" && strings.HasPrefix(t.PkgPath()+"/", g.module+"/") {
		return g.ref(t)
	}
	return g.kindExpr(t, optional)
}

// kindExpr is the TypeScript type of a Go type by its kind, whatever its name.
func (g *generator) kindExpr(t reflect.Type, optional bool) string {
	switch t.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Interface:
		return "unknown"
	case reflect.Pointer:
		if optional {
			return g.expr(t.Elem(), false)
		}
		return g.expr(t.Elem(), false) + " | null"
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			g.fail("%s is written as base64 text: not supported", t)
		}
		el := g.expr(t.Elem(), false)
		if strings.Contains(el, " | ") && !strings.HasSuffix(el, "]") {
			el = "(" + el + ")"
		}
		return el + "[]"
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			g.fail("%s: only maps with string keys are supported", t)
		}
		return fmt.Sprintf("Record<%s, %s>", g.expr(t.Key(), false), g.expr(t.Elem(), false))
	case reflect.Struct:
		bases, members := g.members(t)
		if len(bases) > 0 {
			g.fail("%s: an unnamed struct that embeds a named one is not supported", t)
		}
		props := make([]string, len(members))
		for i, m := range members {
			props[i] = m.String()
		}
		return "{ " + strings.Join(props, "; ") + " }"
	}
	g.fail("%s: type not supported", t)
	return "unknown"
}

func hasOpt(opts, want string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}

// property writes a member name, quoted when it is not an identifier.
func property(name string) string {
	for i, r := range name {
		if !(r == '_' || r == '$' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r))) {
			return quote(name)
		}
	}
	return name
}

// quote writes a string as a single-quoted TypeScript literal.
func quote(s string) string {
	q := strconv.Quote(s)
	q = strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
	return "'" + strings.ReplaceAll(q, "'", `\'`) + "'"
}

// literal writes a number, string or boolean as a TypeScript literal.
func literal(v any) string {
	switch v := v.(type) {
	case string:
		return quote(v)
	case int, int64, bool:
		return fmt.Sprint(v)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case []int:
		items := make([]string, len(v))
		for i, n := range v {
			items[i] = strconv.Itoa(n)
		}
		return "[" + strings.Join(items, ", ") + "] as const"
	case []string:
		items := make([]string, len(v))
		for i, s := range v {
			items[i] = quote(s)
		}
		return "[" + strings.Join(items, ", ") + "] as const"
	}
	panic(fmt.Sprintf("tsgen: no TypeScript literal for %T", v))
}

// upperSnake turns a Go name into a TypeScript constant's: MaxQuantity → MAX_QUANTITY,
// TaxNumerator → TAX_NUMERATOR.
func upperSnake(s string) string {
	var b strings.Builder
	r := []rune(s)
	for i, c := range r {
		if i > 0 && unicode.IsUpper(c) && (unicode.IsLower(r[i-1]) || (i+1 < len(r) && unicode.IsLower(r[i+1]))) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToUpper(c))
	}
	return b.String()
}

// subset writes a constant list of some values of an enum declared before it, in the order given:
// a part of a list the domain names (the statuses of the orders a seller handles).
func subset[T ~string](g *generator, list, doc string, values ...T) {
	t := reflect.TypeFor[T]()
	if !g.done[t] {
		g.fail("%s: the enum of %s must be declared first", list, t)
		return
	}
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = quote(string(v))
	}
	g.printf("\n")
	g.comment("", doc, "", "")
	g.printf("export const %s: readonly %s[] = [%s];\n", list, g.tsName(t), strings.Join(quoted, ", "))
}

// data writes a package variable holding a slice of structs as a constant array of their
// interface, each element on a line as encoding/json writes it.
func (g *generator) data(pkgPath, goName string, value any) {
	g.dataAs(pkgPath, goName, upperSnake(goName), value)
}

// dataAs writes a Go slice of structs as the TypeScript constant name, for a Go name that says
// too little outside its package (billexamples.All is BILL_EXAMPLES).
func (g *generator) dataAs(pkgPath, goName, name string, value any) {
	v := reflect.ValueOf(value)
	if v.Kind() != reflect.Slice || v.Type().Elem().Kind() != reflect.Struct {
		g.fail("%s.%s: data takes a slice of structs", pkgPath, goName)
		return
	}
	src := g.source(pkgPath)
	doc, ok := src.docs[goName]
	if !ok {
		g.fail("%s declares no %s", pkgPath, goName)
		return
	}
	elem := g.ref(v.Type().Elem())
	g.declare(v.Type().Elem())
	lines := make([]string, v.Len())
	for i := range v.Len() {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v.Index(i).Interface()); err != nil {
			g.fail("%s.%s: %v", pkgPath, goName, err)
			return
		}
		lines[i] = strings.TrimSpace(b.String())
	}
	g.printf("\n")
	g.comment("", doc, goName, name)
	g.printf("export const %s: readonly %s[] = [\n  %s,\n];\n", name, elem, strings.Join(lines, ",\n  "))
}
