// Package nepal holds Nepal's places and numbers as the store needs them: its provinces and
// districts, with their names in Devanagari, and the rule for a Nepali mobile number. It imports
// nothing of the store, so that the domain may use it.
package nepal

import "strings"

// Province is one of Nepal's seven provinces.
type Province struct {
	// Name is the English name, as an address's state holds it.
	Name string `json:"name"`
	// Nepali is the name in Devanagari.
	Nepali string `json:"nepali"`
}

// District is one of Nepal's 77 districts.
type District struct {
	// Name is the English name, as an address's district holds it.
	Name string `json:"name"`
	// Nepali is the name in Devanagari.
	Nepali string `json:"nepali"`
	// Province is the English name of the province the district is in.
	Province string `json:"province"`
}

// Provinces are Nepal's seven provinces, east to west.
var Provinces = []Province{
	{"Koshi", "कोशी"}, {"Madhesh", "मधेश"}, {"Bagmati", "बागमती"}, {"Gandaki", "गण्डकी"},
	{"Lumbini", "लुम्बिनी"}, {"Karnali", "कर्णाली"}, {"Sudurpashchim", "सुदूरपश्चिम"},
}

// Districts are Nepal's 77 districts, by province and then in alphabetical order.
var Districts = []District{
	{"Bhojpur", "भोजपुर", "Koshi"}, {"Dhankuta", "धनकुटा", "Koshi"}, {"Ilam", "इलाम", "Koshi"},
	{"Jhapa", "झापा", "Koshi"}, {"Khotang", "खोटाङ", "Koshi"}, {"Morang", "मोरङ", "Koshi"},
	{"Okhaldhunga", "ओखलढुङ्गा", "Koshi"}, {"Panchthar", "पाँचथर", "Koshi"}, {"Sankhuwasabha", "संखुवासभा", "Koshi"},
	{"Solukhumbu", "सोलुखुम्बु", "Koshi"}, {"Sunsari", "सुनसरी", "Koshi"}, {"Taplejung", "ताप्लेजुङ", "Koshi"},
	{"Terhathum", "तेह्रथुम", "Koshi"}, {"Udayapur", "उदयपुर", "Koshi"},

	{"Bara", "बारा", "Madhesh"}, {"Dhanusha", "धनुषा", "Madhesh"}, {"Mahottari", "महोत्तरी", "Madhesh"},
	{"Parsa", "पर्सा", "Madhesh"}, {"Rautahat", "रौतहट", "Madhesh"}, {"Saptari", "सप्तरी", "Madhesh"},
	{"Sarlahi", "सर्लाही", "Madhesh"}, {"Siraha", "सिराहा", "Madhesh"},

	{"Bhaktapur", "भक्तपुर", "Bagmati"}, {"Chitwan", "चितवन", "Bagmati"}, {"Dhading", "धादिङ", "Bagmati"},
	{"Dolakha", "दोलखा", "Bagmati"}, {"Kathmandu", "काठमाडौं", "Bagmati"}, {"Kavrepalanchok", "काभ्रेपलाञ्चोक", "Bagmati"},
	{"Lalitpur", "ललितपुर", "Bagmati"}, {"Makwanpur", "मकवानपुर", "Bagmati"}, {"Nuwakot", "नुवाकोट", "Bagmati"},
	{"Ramechhap", "रामेछाप", "Bagmati"}, {"Rasuwa", "रसुवा", "Bagmati"}, {"Sindhuli", "सिन्धुली", "Bagmati"},
	{"Sindhupalchok", "सिन्धुपाल्चोक", "Bagmati"},

	{"Baglung", "बागलुङ", "Gandaki"}, {"Gorkha", "गोरखा", "Gandaki"}, {"Kaski", "कास्की", "Gandaki"},
	{"Lamjung", "लमजुङ", "Gandaki"}, {"Manang", "मनाङ", "Gandaki"}, {"Mustang", "मुस्ताङ", "Gandaki"},
	{"Myagdi", "म्याग्दी", "Gandaki"}, {"Nawalparasi (Bardaghat Susta East)", "नवलपरासी (बर्दघाट सुस्ता पूर्व)", "Gandaki"},
	{"Parbat", "पर्वत", "Gandaki"}, {"Syangja", "स्याङ्जा", "Gandaki"}, {"Tanahun", "तनहुँ", "Gandaki"},

	{"Arghakhanchi", "अर्घाखाँची", "Lumbini"}, {"Banke", "बाँके", "Lumbini"}, {"Bardiya", "बर्दिया", "Lumbini"},
	{"Dang", "दाङ", "Lumbini"}, {"Gulmi", "गुल्मी", "Lumbini"}, {"Kapilvastu", "कपिलवस्तु", "Lumbini"},
	{"Nawalparasi (Bardaghat Susta West)", "नवलपरासी (बर्दघाट सुस्ता पश्चिम)", "Lumbini"}, {"Palpa", "पाल्पा", "Lumbini"},
	{"Pyuthan", "प्युठान", "Lumbini"}, {"Rolpa", "रोल्पा", "Lumbini"}, {"Rukum East", "पूर्वी रुकुम", "Lumbini"},
	{"Rupandehi", "रुपन्देही", "Lumbini"},

	{"Dailekh", "दैलेख", "Karnali"}, {"Dolpa", "डोल्पा", "Karnali"}, {"Humla", "हुम्ला", "Karnali"},
	{"Jajarkot", "जाजरकोट", "Karnali"}, {"Jumla", "जुम्ला", "Karnali"}, {"Kalikot", "कालिकोट", "Karnali"},
	{"Mugu", "मुगु", "Karnali"}, {"Rukum West", "पश्चिमी रुकुम", "Karnali"}, {"Salyan", "सल्यान", "Karnali"},
	{"Surkhet", "सुर्खेत", "Karnali"},

	{"Achham", "अछाम", "Sudurpashchim"}, {"Baitadi", "बैतडी", "Sudurpashchim"}, {"Bajhang", "बझाङ", "Sudurpashchim"},
	{"Bajura", "बाजुरा", "Sudurpashchim"}, {"Dadeldhura", "डडेल्धुरा", "Sudurpashchim"}, {"Darchula", "दार्चुला", "Sudurpashchim"},
	{"Doti", "डोटी", "Sudurpashchim"}, {"Kailali", "कैलाली", "Sudurpashchim"}, {"Kanchanpur", "कञ्चनपुर", "Sudurpashchim"},
}

// FindProvince returns the province named s (its English name in any case, with or without
// "Province", or its Nepali name, with or without प्रदेश), or nil.
func FindProvince(s string) *Province {
	s = strings.TrimSpace(s)
	for _, suffix := range []string{" Province", " province", " प्रदेश"} {
		s = strings.TrimSuffix(s, suffix)
	}
	for i, p := range Provinces {
		if strings.EqualFold(p.Name, s) || p.Nepali == s {
			return &Provinces[i]
		}
	}
	return nil
}

// FindDistrict returns the district named s (its English name in any case, or its Nepali name),
// or nil.
func FindDistrict(s string) *District {
	s = strings.TrimSpace(s)
	for i, d := range Districts {
		if strings.EqualFold(d.Name, s) || d.Nepali == s {
			return &Districts[i]
		}
	}
	return nil
}
