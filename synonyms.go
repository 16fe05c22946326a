package haat

// Synonyms are the words a search counts as the same, by key (SearchKey): a shopper who types
// "kukhura" finds the chicken, one who types "corn" the maize.
type Synonyms map[string][]string

// NewSynonyms indexes groups of words that mean the same: each word of a group finds the others.
func NewSynonyms(groups [][]string) Synonyms {
	s := Synonyms{}
	for _, g := range groups {
		keys := make([]string, 0, len(g))
		for _, w := range g {
			if k := SearchKey(w); k != "" && !containsString(keys, k) {
				keys = append(keys, k)
			}
		}
		for _, k := range keys {
			for _, other := range keys {
				if other != k && !containsString(s[k], other) {
					s[k] = append(s[k], other)
				}
			}
		}
	}
	return s
}

// of is the keys of the words counted as the same as the word of key.
func (s Synonyms) of(key string) []string { return s[key] }

// DefaultSynonyms are the everyday Nepali words of a grocery and their English names, and the
// English words that name one thing two ways.
var DefaultSynonyms = NewSynonyms([][]string{
	{"kukhura", "chicken"}, {"chamal", "rice"}, {"dal", "lentil"}, {"aalu", "potato"}, {"doodh", "milk"},
	{"chiya", "tea"}, {"anda", "egg"}, {"pyaj", "onion"}, {"golbheda", "tomato"}, {"kera", "banana"},
	{"syau", "apple"}, {"suntala", "mandarin", "orange"}, {"aanp", "mango"}, {"matar", "kerau", "peas"},
	{"makai", "maize", "corn"}, {"biscuit", "cookie"}, {"donut", "doughnut"},
	{"eggplant", "aubergine", "brinjal", "bhanta"}, {"chauchau", "noodle"}, {"pauroti", "bread"},
	{"dahi", "yogurt", "curd"}, {"ghiu", "ghee"}, {"nun", "salt"}, {"chini", "sugar"}, {"tel", "oil"},
	{"masu", "meat"}, {"machha", "fish"}, {"pani", "water"}, {"kodo", "millet"}, {"bhatmas", "soybean"},
	{"chana", "chickpea"}, {"lasun", "garlic"}, {"aduwa", "ginger"}, {"dhaniya", "coriander"},
	{"khursani", "chilli"}, {"gajar", "carrot"}, {"kakro", "cucumber"}, {"saag", "greens"},
	{"badam", "peanut"}, {"kagati", "lemon"}, {"angur", "grape"}, {"naspati", "pear"},
	{"tarbuja", "watermelon"}, {"mula", "radish"}, {"kauli", "cauliflower"}, {"bandagobi", "cabbage"},
	{"pharsi", "pumpkin"}, {"momo", "dumpling"},
})
