package api

import (
	"encoding/json"
	"os"
	"testing"
)

// TestNepaliWeight: the server writes weights for Nepali readers as the storefront does, held to
// the cases of testdata/nepali-weight.json, with the units the build gives (web/src/i18n/weight.ts).
func TestNepaliWeight(t *testing.T) {
	var table struct {
		Cases []struct{ Weight, Nepali string }
	}
	b, err := os.ReadFile("../testdata/nepali-weight.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &table); err != nil || len(table.Cases) == 0 {
		t.Fatalf("the cases: %v", err)
	}
	book := &cardBook{Units: map[string]string{"kg": "के.जी.", "g": "ग्राम", "l": "लिटर", "pc": "वटा", "pcs": "वटा", "bunch": "मुठा", "dozen": "दर्जन", "about": "करिब"}}
	for _, c := range table.Cases {
		if got := book.nepaliWeight(c.Weight); got != c.Nepali {
			t.Errorf("nepaliWeight(%q) = %q, want %q", c.Weight, got, c.Nepali)
		}
	}
}
