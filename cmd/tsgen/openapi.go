package main

import (
	"bytes"
	"encoding/json"
	"go/token"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"haat/api"
	"haat/payment"
)

// openAPIFile is where the API's OpenAPI description is written, relative to the repository
// root; package api embeds it and answers it at GET /api/openapi.json.
const openAPIFile = "api/openapi.json"

// obj is a JSON object of the description.
type obj = map[string]any

// describer writes JSON Schemas of Go types by the rules the generator follows for TypeScript
// (see generator): the same names, enums from the same constants, the same ts tags read as
// schemas; each named type of the module becomes a schema of the components, referred to.
type describer struct {
	g       *generator
	schemas obj
}

// openAPI writes the OpenAPI 3.1 description of the routes with their shapes; g has written the
// contract already, so that both name the types alike.
func openAPI(g *generator, routes []api.RouteShapes) []byte {
	d := &describer{g: g, schemas: obj{}}
	paths := obj{}
	for _, rt := range routes {
		item, _ := paths[rt.Path].(obj)
		if item == nil {
			item = obj{}
			paths[rt.Path] = item
		}
		item[strings.ToLower(rt.Method)] = d.operation(rt)
	}
	doc := obj{
		"openapi": "3.1.0",
		"info": obj{
			"title":   "Haat API",
			"version": "1",
			"description": "The JSON API of a Haat store, written from its route table by `go generate ./...`. " +
				"Every answer is JSON {success, message?, ...}; x-role says who may call a route: public, user (a signed-in shopper), " +
				"seller, or callback (a payment provider's route, there while that provider is configured). " +
				"docs/api.md describes each call.",
		},
		"paths": paths,
		"components": obj{
			"schemas": d.schemas,
			"securitySchemes": obj{
				"shopperSession": obj{"type": "apiKey", "in": "cookie", "name": "haat_session"},
				"sellerSession":  obj{"type": "apiKey", "in": "cookie", "name": "haat_seller"},
			},
		},
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		g.fail("%s: %v", openAPIFile, err)
	}
	return b.Bytes()
}

// pathParam finds the parameters of a route's path: /api/payment/sandbox/{ref}.
var pathParam = regexp.MustCompile(`\{(\w+)\}`)

// operation describes one route.
func (d *describer) operation(rt api.RouteShapes) obj {
	op := obj{"x-role": rt.Role, "security": []any{}}
	switch rt.Role {
	case "user":
		op["security"] = []any{obj{"shopperSession": []any{}}}
	case "seller":
		op["security"] = []any{obj{"sellerSession": []any{}}}
	}
	var params []any
	for _, m := range pathParam.FindAllStringSubmatch(rt.Path, -1) {
		params = append(params, obj{"name": m[1], "in": "path", "required": true, "schema": obj{"type": "string"}})
	}
	if rt.Query != nil {
		params = append(params, d.queryParams(rt.Query)...)
	}
	if params != nil {
		op["parameters"] = params
	}
	if rt.Request != nil {
		media := "application/json"
		if rt.Form {
			media = "multipart/form-data"
		}
		op["requestBody"] = obj{"required": true, "content": obj{media: obj{"schema": d.schema(rt.Request, false)}}}
	}
	ok := obj{"description": "Done"}
	switch {
	case rt.Answer != nil:
		ok["content"] = obj{"application/json": obj{"schema": d.schema(rt.Answer, false)}}
	case rt.Media != "":
		ok["content"] = obj{rt.Media: obj{"schema": obj{"type": "string"}}}
	case rt.Role == "callback":
		ok["description"] = "The provider's page, or the shopper sent back to the store"
	}
	op["responses"] = obj{
		"200":     ok,
		"default": obj{"description": "Refused or failed", "content": obj{"application/json": obj{"schema": d.schema(reflect.TypeFor[api.ErrorResponse](), false)}}},
	}
	return op
}

// queryParams are the fields of a query's struct as query parameters.
func (d *describer) queryParams(t reflect.Type) []any {
	src := d.g.source(t.PkgPath())
	var out []any
	for f := range t.Fields() {
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		p := obj{"name": name, "in": "query", "schema": d.field(f)}
		if !hasOpt(opts, "omitempty") && !hasOpt(opts, "omitzero") {
			p["required"] = true
		}
		if f.Type.Kind() == reflect.Slice {
			p["explode"] = true
		}
		if doc := src.docs[t.Name()+"."+f.Name]; doc != "" {
			p["description"] = oneLine(doc)
		}
		out = append(out, p)
	}
	return out
}

// oneLine joins a doc comment's lines.
func oneLine(doc string) string { return strings.Join(strings.Fields(doc), " ") }

// schema is the JSON Schema of a Go type; optional says its field may be left out, so that a nil
// pointer is not written.
func (d *describer) schema(t reflect.Type, optional bool) obj {
	switch ts, scalar := d.g.scalars[t]; {
	case t == reflect.TypeFor[time.Time]():
		return obj{"type": "string", "format": "date-time"}
	case scalar && ts == "number":
		return obj{"type": "number"}
	case scalar && ts == "Blob":
		return obj{"type": "string", "contentMediaType": "application/octet-stream"}
	case scalar:
		d.g.fail("%s: no JSON Schema for the TypeScript type %s", t, ts)
	}
	if t.Name() != "" && strings.HasPrefix(t.PkgPath()+"/", d.g.module+"/") {
		return d.ref(t)
	}
	return d.kind(t, optional)
}

// ref refers to the schema of a named type of the module, written once among the components.
func (d *describer) ref(t reflect.Type) obj {
	name := d.g.tsName(t)
	if _, done := d.schemas[name]; !done {
		d.schemas[name] = obj{} // taken, for a type that refers to itself
		s := d.named(t)
		if doc := d.g.source(t.PkgPath()).docs[t.Name()]; doc != "" {
			if d.g.saysName[t] {
				doc = renamed(doc, t.Name(), name)
			}
			s["description"] = oneLine(doc)
		}
		d.schemas[name] = s
	}
	return obj{"$ref": "#/components/schemas/" + name}
}

// named is the schema of a named type: an enum of its string constants, or its kind's.
func (d *describer) named(t reflect.Type) obj {
	consts := d.g.source(t.PkgPath()).consts[t.Name()]
	if t.Kind() == reflect.String && len(consts) > 0 {
		values := make([]any, len(consts))
		for i, c := range consts {
			values[i] = c.value
		}
		return obj{"type": "string", "enum": values}
	}
	if t.Kind() == reflect.Struct {
		return d.object(t, nil)
	}
	return d.kind(t, false)
}

// kind is the schema of a Go type by its kind, whatever its name.
func (d *describer) kind(t reflect.Type, optional bool) obj {
	switch t.Kind() {
	case reflect.Bool:
		return obj{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return obj{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return obj{"type": "number"}
	case reflect.String:
		return obj{"type": "string"}
	case reflect.Interface:
		return obj{}
	case reflect.Pointer:
		if optional {
			return d.schema(t.Elem(), false)
		}
		return obj{"anyOf": []any{d.schema(t.Elem(), false), obj{"type": "null"}}}
	case reflect.Slice, reflect.Array:
		return obj{"type": "array", "items": d.schema(t.Elem(), false)}
	case reflect.Map:
		return obj{"type": "object", "additionalProperties": d.schema(t.Elem(), false)}
	case reflect.Struct:
		return d.object(t, nil)
	}
	d.g.fail("%s: no JSON Schema for its kind", t)
	return obj{}
}

// object is the schema of a struct as encoding/json writes it, without the properties named in
// leave: an embedded exported struct is a schema it extends (allOf), an unexported one's fields
// are its own.
func (d *describer) object(t reflect.Type, leave []string) obj {
	props, required, bases := obj{}, []any{}, []any{}
	d.fields(t, leave, props, &required, &bases)
	s := obj{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	if len(bases) == 0 {
		return s
	}
	return obj{"allOf": append(bases, s)}
}

func (d *describer) fields(t reflect.Type, leave []string, props obj, required, bases *[]any) {
	src := d.g.source(t.PkgPath())
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			if token.IsExported(f.Type.Name()) {
				*bases = append(*bases, d.ref(f.Type))
			} else {
				d.fields(f.Type, leave, props, required, bases)
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if slices.Contains(leave, name) {
			continue
		}
		s := d.field(f)
		if doc := src.docs[t.Name()+"."+f.Name]; doc != "" {
			s = withDescription(s, oneLine(doc))
		}
		props[name] = s
		if !hasOpt(opts, "omitempty") && !hasOpt(opts, "omitzero") {
			*required = append(*required, name)
		}
	}
}

// withDescription adds a description to a schema; beside a $ref, in an allOf of it.
func withDescription(s obj, doc string) obj {
	if _, isRef := s["$ref"]; isRef {
		return obj{"allOf": []any{s}, "description": doc}
	}
	out := obj{"description": doc}
	for k, v := range s {
		out[k] = v
	}
	return out
}

// omitType reads a ts tag of the form Omit<Type, 'name'>.
var omitType = regexp.MustCompile(`^Omit<\w+, '(\w+)'>$`)

// field is the schema of a struct field: its ts tag read as a schema when it has one (a union of
// number, string, boolean, null and quoted literals, or Omit<…> of its own type), else its type's.
func (d *describer) field(f reflect.StructField) obj {
	_, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
	optional := hasOpt(opts, "omitempty") || hasOpt(opts, "omitzero")
	ts, ok := f.Tag.Lookup("ts")
	if !ok {
		return d.schema(f.Type, optional)
	}
	if m := omitType.FindStringSubmatch(ts); m != nil {
		t := f.Type
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		return d.object(t, []string{m[1]})
	}
	var types, values []any
	for part := range strings.SplitSeq(ts, " | ") {
		switch part = strings.TrimSpace(part); {
		case part == "number" || part == "string" || part == "boolean" || part == "null":
			types = append(types, part)
		case len(part) > 1 && part[0] == '\'' && part[len(part)-1] == '\'':
			values = append(values, part[1:len(part)-1])
		default:
			d.g.fail("%s: the ts tag %q has no JSON Schema", f.Name, ts)
			return obj{}
		}
	}
	switch {
	case values != nil && types == nil:
		return obj{"type": "string", "enum": values}
	case values == nil && len(types) == 1:
		return obj{"type": types[0]}
	case values == nil:
		return obj{"type": types}
	}
	d.g.fail("%s: the ts tag %q mixes literals and types", f.Name, ts)
	return obj{}
}

// everyProvider is a gateway with every payment provider, for their routes: none of them is
// asked anything.
func everyProvider(g *generator) *payment.Gateway {
	gw := &payment.Gateway{}
	stripe, err1 := payment.NewStripe(payment.StripeConfig{SecretKey: "-", WebhookSecret: "-"})
	esewa, err2 := payment.NewEsewa(payment.EsewaConfig{ProductCode: "-", SecretKey: "-", FormURL: "-", StatusURL: "-"})
	khalti, err3 := payment.NewKhalti(payment.KhaltiConfig{SecretKey: "-", APIURL: "-"})
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			g.fail("payment providers: %v", err)
			return gw
		}
	}
	gw.Providers = []payment.Provider{stripe, esewa, khalti, payment.NewSandbox()}
	return gw
}
