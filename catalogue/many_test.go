package catalogue

import "testing"

func TestManyNamesEachProductApart(t *testing.T) {
	demo, err := Products("NPR")
	if err != nil {
		t.Fatal(err)
	}
	n := 2*len(demo) + 3
	many, err := Many("NPR", n)
	if err != nil {
		t.Fatal(err)
	}
	if len(many) != n {
		t.Fatalf("%d products, want %d", len(many), n)
	}
	names := map[string]bool{}
	for i, p := range many {
		if names[p.Name] {
			t.Fatalf("product %d is named %q like an earlier one", i, p.Name)
		}
		names[p.Name] = true
	}
	if many[0].Name != demo[0].Name || many[len(demo)].Name != demo[0].Name+" 2" || many[2*len(demo)].Name != demo[0].Name+" 3" {
		t.Fatalf("names: %q, %q, %q", many[0].Name, many[len(demo)].Name, many[2*len(demo)].Name)
	}
}
