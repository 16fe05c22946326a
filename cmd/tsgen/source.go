package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// source is what the Go files of one package say beside what reflection sees: doc comments, and
// the string constants declared with each named type.
type source struct {
	// docs holds doc comments by "Type", "Type.Field" and "Const".
	docs map[string]string
	// groups holds, by constant name, the doc comment of the parenthesised declaration it is part of.
	groups map[string]string
	// consts lists the string constants of each named type, in declaration order.
	consts map[string][]stringConst
}

// stringConst is a string constant declared with a named type.
type stringConst struct {
	name, value string
}

// readSource parses the non-test Go files of the package in dir.
func readSource(dir string) (*source, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	src := &source{docs: map[string]string{}, groups: map[string]string{}, consts: map[string][]stringConst{}}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok {
				if err := src.addDecl(g); err != nil {
					return nil, fmt.Errorf("%s: %w", fset.Position(g.Pos()), err)
				}
			}
		}
	}
	return src, nil
}

func (s *source) addDecl(g *ast.GenDecl) error {
	grouped := g.Lparen.IsValid()
	for _, spec := range g.Specs {
		switch spec := spec.(type) {
		case *ast.TypeSpec:
			s.docs[spec.Name.Name] = docText(spec.Doc, spec.Comment, g.Doc, grouped)
			if st, ok := spec.Type.(*ast.StructType); ok {
				for _, f := range st.Fields.List {
					for _, n := range f.Names {
						s.docs[spec.Name.Name+"."+n.Name] = docText(f.Doc, f.Comment, nil, true)
					}
				}
			}
		case *ast.ValueSpec:
			if g.Tok != token.CONST {
				for _, n := range spec.Names {
					s.docs[n.Name] = docText(spec.Doc, spec.Comment, g.Doc, grouped)
				}
				continue
			}
			if err := s.addConst(g, spec, grouped); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *source) addConst(g *ast.GenDecl, spec *ast.ValueSpec, grouped bool) error {
	for i, n := range spec.Names {
		s.docs[n.Name] = docText(spec.Doc, spec.Comment, g.Doc, grouped)
		if grouped && g.Doc != nil {
			s.groups[n.Name] = g.Doc.Text()
		}
		typ, ok := spec.Type.(*ast.Ident)
		if !ok {
			continue
		}
		lit, ok := valueAt(spec.Values, i).(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			if _, named := s.consts[typ.Name]; named || lit == nil {
				return fmt.Errorf("constant %s of type %s is not a string literal", n.Name, typ.Name)
			}
			continue
		}
		v, err := strconv.Unquote(lit.Value)
		if err != nil {
			return err
		}
		s.consts[typ.Name] = append(s.consts[typ.Name], stringConst{n.Name, v})
	}
	return nil
}

func valueAt(values []ast.Expr, i int) ast.Expr {
	if i < len(values) {
		return values[i]
	}
	return nil
}

// docText is the comment of a declaration: its own doc, else its trailing comment, else the
// doc of the declaration that holds it when that declares it alone.
func docText(doc, comment, outer *ast.CommentGroup, grouped bool) string {
	switch {
	case doc != nil:
		return doc.Text()
	case comment != nil:
		return comment.Text()
	case outer != nil && !grouped:
		return outer.Text()
	}
	return ""
}
