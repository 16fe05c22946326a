package nepal

import "testing"

func TestProvincesAndDistricts(t *testing.T) {
	if len(Provinces) != 7 || len(Districts) != 77 {
		t.Fatalf("%d provinces and %d districts, want 7 and 77", len(Provinces), len(Districts))
	}
	perProvince := map[string]int{}
	names := map[string]bool{}
	for _, d := range Districts {
		if FindProvince(d.Province) == nil || FindProvince(d.Province).Name != d.Province {
			t.Errorf("%s is in an unknown province %q", d.Name, d.Province)
		}
		if names[d.Name] || names[d.Nepali] || d.Nepali == "" {
			t.Errorf("district %s / %s named twice or without a Nepali name", d.Name, d.Nepali)
		}
		names[d.Name], names[d.Nepali] = true, true
		perProvince[d.Province]++
	}
	want := map[string]int{"Koshi": 14, "Madhesh": 8, "Bagmati": 13, "Gandaki": 11, "Lumbini": 12, "Karnali": 10, "Sudurpashchim": 9}
	for p, n := range want {
		if perProvince[p] != n {
			t.Errorf("%s has %d districts, want %d", p, perProvince[p], n)
		}
	}
	for in, want := range map[string]string{"bagmati": "Bagmati", "Bagmati Province": "Bagmati", "बागमती": "Bagmati",
		"बागमती प्रदेश": "Bagmati", " Sudurpashchim ": "Sudurpashchim"} {
		if p := FindProvince(in); p == nil || p.Name != want {
			t.Errorf("FindProvince(%q) = %v, want %s", in, p, want)
		}
	}
	for _, in := range []string{"", "Province 3", "Kathmandu", "Bagmati Pradesh"} {
		if p := FindProvince(in); p != nil {
			t.Errorf("FindProvince(%q) = %v, want none", in, p)
		}
	}
	for in, want := range map[string]string{"kathmandu": "Kathmandu", "काठमाडौं": "Kathmandu", "RUKUM WEST": "Rukum West",
		"Nawalparasi (Bardaghat Susta East)": "Nawalparasi (Bardaghat Susta East)"} {
		if d := FindDistrict(in); d == nil || d.Name != want {
			t.Errorf("FindDistrict(%q) = %v, want %s", in, d, want)
		}
	}
	for _, in := range []string{"", "Rukum", "Nawalparasi", "Pokhara", "Bagmati"} {
		if d := FindDistrict(in); d != nil {
			t.Errorf("FindDistrict(%q) = %v, want none", in, d)
		}
	}
}
