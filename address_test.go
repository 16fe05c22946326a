package haat

import "testing"

func nepaliAddress() Address {
	return Address{FirstName: "Sita", LastName: "Gurung", Street: "Jhamsikhel tole", City: "Lalitpur Metropolitan City",
		State: "Bagmati", District: "Lalitpur", Ward: 3, Landmark: "opposite Bhatbhateni, blue gate",
		Country: "Nepal", Phone: "+977 984-123-4567"}
}

func specAddress() Address {
	return Address{FirstName: "Sita", LastName: "Gurung", Email: "sita@example.com", Street: "Lakeside 4",
		City: "Pokhara", State: "Gandaki", Zipcode: "33700", Country: "Nepal", Phone: "9811111111"}
}

func TestNepaliAddress(t *testing.T) {
	a := nepaliAddress()
	a.State, a.District, a.Country = " bagmati province ", "ललितपुर", "nepal"
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	if a.State != "Bagmati" || a.District != "Lalitpur" || a.Country != "Nepal" || a.Phone != "9841234567" ||
		a.Email != "" || a.Zipcode != "" || a.Landmark != "opposite Bhatbhateni, blue gate" {
		t.Fatalf("validated address = %+v", a)
	}
	for _, c := range []struct {
		name   string
		change func(*Address)
		want   string // "" means accepted
	}{
		{"with an email and zip code", func(a *Address) { a.Email, a.Zipcode = "sita@example.com", "44600" }, ""},
		{"without landmark", func(a *Address) { a.Landmark = "" }, ""},
		{"ward 35", func(a *Address) { a.Ward = 35 }, ""},
		{"Nepal in Nepali", func(a *Address) { a.Country = "नेपाल" }, ""},
		{"no province", func(a *Address) { a.State = " " }, "Province is required"},
		{"unknown province", func(a *Address) { a.State = "Province 3" }, "Province must be one of Nepal's 7 provinces"},
		{"unknown district", func(a *Address) { a.District = "Pokhara" }, "District must be one of Nepal's 77 districts"},
		{"district elsewhere", func(a *Address) { a.District = "Kaski" }, "Kaski district is in Gandaki Province, not Bagmati"},
		{"Rukum West in Lumbini", func(a *Address) { a.State, a.District = "Lumbini", "Rukum West" },
			"Rukum West district is in Karnali Province, not Lumbini"},
		{"no municipality", func(a *Address) { a.City = "" }, "Municipality is required"},
		{"no tole", func(a *Address) { a.Street = "" }, "Tole or street is required"},
		{"no ward", func(a *Address) { a.Ward = 0 }, "Ward must be a number from 1 to 35"},
		{"ward 36", func(a *Address) { a.Ward = 36 }, "Ward must be a number from 1 to 35"},
		{"negative ward", func(a *Address) { a.Ward = -1 }, "Ward must be a number from 1 to 35"},
		{"no phone", func(a *Address) { a.Phone = "" }, "Phone is required"},
		{"landline", func(a *Address) { a.Phone = "01-4123456" }, "Please enter a Nepali mobile number: 10 digits starting with 97 or 98"},
		{"bad email", func(a *Address) { a.Email = "sita" }, "Please enter a valid email address"},
		{"bad zip code", func(a *Address) { a.Zipcode = "KTM" }, "Zip code must be a number"},
		{"long landmark", func(a *Address) { a.Landmark = string(make([]rune, 121)) }, "Landmark is too long"},
		{"another country", func(a *Address) { a.Country = "India" }, "District is only for addresses in Nepal"},
		{"no first name", func(a *Address) { a.FirstName = "" }, "First name is required"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := nepaliAddress()
			c.change(&a)
			err := a.Validate()
			if c.want == "" && err != nil || c.want != "" && ErrorMessage(err) != c.want {
				t.Fatalf("Validate() = %v, want %q", err, c.want)
			}
		})
	}
}

// An address without a district, as the spec's form sends, keeps the spec's rules, in Nepal too.
func TestSpecAddress(t *testing.T) {
	a := specAddress()
	if err := a.Validate(); err != nil || a.Phone != "9811111111" {
		t.Fatalf("spec address: %v, %+v", err, a)
	}
	for _, c := range []struct {
		name   string
		change func(*Address)
		want   string
	}{
		{"no zip code", func(a *Address) { a.Zipcode = "" }, "Zip code is required"},
		{"no email", func(a *Address) { a.Email = "" }, "Email is required"},
		{"a landline", func(a *Address) { a.Phone = "01-4123456" }, ""},
		{"a landmark and ward", func(a *Address) { a.Landmark, a.Ward = "near the temple", 6 }, ""},
		{"ward 40", func(a *Address) { a.Ward = 40 }, "Ward must be a number from 1 to 35"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := specAddress()
			c.change(&a)
			err := a.Validate()
			if c.want == "" && err != nil || c.want != "" && ErrorMessage(err) != c.want {
				t.Fatalf("Validate() = %v, want %q", err, c.want)
			}
		})
	}
}
