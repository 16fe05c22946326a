package haat

import "testing"

func TestNepaliMobile(t *testing.T) {
	for _, c := range []struct {
		in, want string // want "" means refused
	}{
		{"9841234567", "9841234567"},
		{"9801234567", "9801234567"},
		{"9741234567", "9741234567"},
		{"9761234567", "9761234567"},
		{" 984-123-4567 ", "9841234567"},
		{"984 123 4567", "9841234567"},
		{"+977 9841234567", "9841234567"},
		{"+977-984-1234567", "9841234567"},
		{"9779841234567", "9841234567"},
		{"977 984 123 4567", "9841234567"},
		{"00977 9841234567", "9841234567"},
		{"९८४१२३४५६७", "9841234567"},
		{"+९७७ ९८४१२३४५६७", "9841234567"},
		{"9771234567", "9771234567"}, // 10 digits starting 97: a number, not a country code
		{"", ""},
		{"   ", ""},
		{"984123456", ""},      // 9 digits
		{"98412345678", ""},    // 11 digits
		{"9641234567", ""},     // starts 96
		{"0141234567", ""},     // a Kathmandu landline
		{"014123456", ""},      // a landline without its area code's 0
		{"+9841234567", ""},    // + without Nepal's code
		{"+1 9841234567", ""},  // another country's code
		{"+91 9841234567", ""}, // India
		{"9841234567x", ""},
		{"(984) 1234567", ""},
		{"98.41.23.45.67", ""},
		{"9779641234567", ""}, // country code, then not a mobile
		{"98412345678901234567", ""},
	} {
		got, err := NepaliMobile(c.in)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("NepaliMobile(%q) = %q, want refused", c.in, got)
		case c.want == "" && ErrorMessage(err) != "Please enter a Nepali mobile number: 10 digits starting with 97 or 98":
			t.Errorf("NepaliMobile(%q) error %v", c.in, err)
		case c.want != "" && (err != nil || got != c.want):
			t.Errorf("NepaliMobile(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}
