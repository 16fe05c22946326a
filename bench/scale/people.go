package scale

import (
	"fmt"
	"strings"

	"haat"
)

// Names and places the shoppers of a store in the Kathmandu Valley are drawn from.
var (
	firstNames = []string{"Aarati", "Aayush", "Anil", "Anita", "Anjali", "Arjun", "Asha", "Bibek", "Bikash", "Bimala",
		"Binod", "Binita", "Deepak", "Dipika", "Gita", "Hari", "Ishwor", "Kabita", "Kamala", "Krishna", "Kritika",
		"Laxmi", "Mahesh", "Manish", "Manisha", "Mina", "Nabin", "Niraj", "Nisha", "Pooja", "Prabin", "Pradeep",
		"Prakash", "Pramila", "Rabin", "Rajan", "Rajesh", "Ram", "Ramesh", "Rekha", "Rita", "Roshan", "Sabina",
		"Sagar", "Samir", "Sandeep", "Sangita", "Santosh", "Sarita", "Shanti", "Shyam", "Sita", "Srijana", "Sujan",
		"Suman", "Sunil", "Sunita", "Suresh", "Sushila", "Tara", "Ujjwal", "Usha"}
	lastNames = []string{"Acharya", "Adhikari", "Amatya", "Aryal", "Basnet", "Bhandari", "Bhattarai", "Bista", "Chaudhary",
		"Dahal", "Dhakal", "Ghimire", "Gurung", "Joshi", "Karki", "Khadka", "Koirala", "KC", "Lama", "Maharjan",
		"Magar", "Neupane", "Pandey", "Paudel", "Pokharel", "Pradhan", "Rai", "Regmi", "Sapkota", "Shakya",
		"Sharma", "Shrestha", "Subedi", "Tamang", "Thapa", "Tiwari", "Upreti"}
	mailHosts = []string{"gmail.com", "gmail.com", "gmail.com", "yahoo.com", "hotmail.com", "outlook.com", "wlink.com.np"}
	// places are the valley's districts with their main town, postcode and streets.
	places = []struct {
		district, city, zipcode string
		streets                 []string
	}{
		{"Kathmandu", "Kathmandu", "44600", []string{"Baneshwor", "Baluwatar", "Chabahil", "Kalanki", "Koteshwor",
			"Maharajgunj", "Naxal", "Sinamangal", "Thamel", "Tinkune", "Budhanilkantha", "Gongabu", "Samakhusi"}},
		{"Lalitpur", "Lalitpur", "44700", []string{"Jhamsikhel", "Kupondole", "Pulchowk", "Sanepa", "Jawalakhel",
			"Ekantakuna", "Satdobato", "Imadol", "Lagankhel", "Bhaisepati"}},
		{"Bhaktapur", "Bhaktapur", "44800", []string{"Suryabinayak", "Kamalbinayak", "Thimi", "Sallaghari", "Jagati"}},
	}
	landmarks = []string{"", "", "", "opposite Bhatbhateni, blue gate", "behind the temple", "near the school",
		"next to the pharmacy", "third house from the chowk", "above the tea shop", "beside the petrol pump"}
)

// person is a shopper as they sign up and give their address.
type person struct {
	first, last, email, phone string
}

// newPerson draws the n-th shopper: a name, an email no other shopper has, and a mobile number.
func newPerson(r *Draw, n int) person {
	p := person{first: firstNames[r.IntN(len(firstNames))], last: lastNames[r.IntN(len(lastNames))]}
	p.email = fmt.Sprintf("%s.%s%d@%s", strings.ToLower(p.first), strings.ToLower(p.last), n, mailHosts[r.IntN(len(mailHosts))])
	p.phone = mobile(r)
	return p
}

// mobile draws a Nepali mobile number: 98 or 97, then eight digits.
func mobile(r *Draw) string {
	return fmt.Sprintf("9%d%08d", 7+r.IntN(2), r.IntN(100000000))
}

// address draws a saved address of p in the valley, as the address form takes it.
func address(r *Draw, p person) haat.Address {
	pl := places[r.IntN(len(places))]
	a := haat.Address{FirstName: p.first, LastName: p.last, Email: p.email, Phone: p.phone,
		Street: fmt.Sprintf("%s, house %d", pl.streets[r.IntN(len(pl.streets))], 1+r.IntN(400)),
		City:   pl.city, State: "Bagmati", Zipcode: pl.zipcode, Country: "Nepal", District: pl.district,
		Ward: 1 + r.IntN(29), Landmark: landmarks[r.IntN(len(landmarks))]}
	return a
}
