package haat_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// domainLeaves are the module's packages the domain may import: data and rules of their own
// (Nepal's places and phone numbers, the Bikram Sambat calendar, the most common passwords) that
// import nothing of the module themselves.
var domainLeaves = []string{"haat/nepal", "haat/bikramsambat", "haat/commonpasswords"}

// outsideDomain are standard packages the domain must not reach, directly or through another:
// HTTP, SQL, mail and processes belong to the packages around it.
var outsideDomain = []string{"net/http", "database/sql", "net/smtp", "os/exec", "html/template", "text/template"}

// deps lists the packages pkg imports, directly or not, itself left out.
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	list := strings.Fields(string(out))
	return slices.DeleteFunc(list, func(p string) bool { return p == pkg })
}

// TestDomainImports holds the root package to being the domain: of the module it imports only
// domainLeaves, which import nothing of the module (not the message dictionary, locale, nor the
// store, the API, search or the CSV), and it reaches none of outsideDomain.
func TestDomainImports(t *testing.T) {
	for _, p := range deps(t, "haat") {
		switch {
		case slices.Contains(outsideDomain, p):
			t.Errorf("the domain imports %s", p)
		case (p == "haat" || strings.HasPrefix(p, "haat/")) && !slices.Contains(domainLeaves, p):
			t.Errorf("the domain imports %s, which is not one of its leaves %v", p, domainLeaves)
		}
	}
	for _, leaf := range domainLeaves {
		for _, p := range deps(t, leaf) {
			if p == "haat" || strings.HasPrefix(p, "haat/") {
				t.Errorf("%s, which the domain may import, imports %s", leaf, p)
			}
		}
	}
}
