package haat

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Synonyms are the words a search counts as the same, by key (SearchKey): a shopper who types
// "kukhura" finds the chicken, one who types "corn" the maize.
type Synonyms map[string][]string

// NewSynonyms indexes groups of words that mean the same: each word of a group finds the others.
func NewSynonyms(groups [][]string) Synonyms {
	s := Synonyms{}
	for _, g := range groups {
		keys := make([]string, 0, len(g))
		for _, w := range g {
			if k := SearchKey(w); k != "" && !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
		for _, k := range keys {
			for _, other := range keys {
				if other != k && !slices.Contains(s[k], other) {
					s[k] = append(s[k], other)
				}
			}
		}
	}
	return s
}

// of is the keys of the words counted as the same as the word of key.
func (s Synonyms) of(key string) []string { return s[key] }

// DefaultSynonyms are the synonyms of a store whose owner edited none: defaultSynonymGroups.
var DefaultSynonyms = NewSynonyms(defaultSynonymGroups)

// defaultSynonymGroups are the everyday Nepali words of a grocery and their English names, and
// the English words that name one thing two ways.
var defaultSynonymGroups = [][]string{
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
}

// Limits of the words a store counts as the same, as its owner edits them: each group a line of
// words separated by commas ("kukhura, chicken").
const (
	MaxSynonymGroups = 300
	MaxSynonymWords  = 10
	MaxSynonymWord   = 40
)

// DefaultSynonymLines are DefaultSynonymGroups as the owner edits them, one group a line.
var DefaultSynonymLines = synonymLines(defaultSynonymGroups)

func synonymLines(groups [][]string) []string {
	lines := make([]string, len(groups))
	for i, g := range groups {
		lines[i] = strings.Join(g, ", ")
	}
	return lines
}

// ParseSynonyms checks the groups of words an owner gives, one a line of words separated by
// commas, and writes them one way: lower-cased and trimmed, ", " between words; a blank line is
// left out. It explains the first line that is not a group: fewer than two words, more than
// MaxSynonymWords, a word longer than MaxSynonymWord; or more than MaxSynonymGroups lines.
func ParseSynonyms(lines []string) ([]string, error) {
	out := []string{}
	for i, line := range lines {
		var words []string
		for _, w := range strings.Split(line, ",") {
			w = strings.Join(strings.Fields(strings.ToLower(w)), " ")
			switch {
			case w == "":
				continue
			case utf8.RuneCountInString(w) > MaxSynonymWord:
				return nil, Errorf(EINVALID, "Line %d: a word is at most %d letters", i+1, MaxSynonymWord)
			}
			words = append(words, w)
		}
		switch {
		case len(words) == 0:
			continue
		case len(words) == 1:
			return nil, Errorf(EINVALID, "Line %d: give at least two words that mean the same, separated by commas", i+1)
		case len(words) > MaxSynonymWords:
			return nil, Errorf(EINVALID, "Line %d: at most %d words", i+1, MaxSynonymWords)
		}
		out = append(out, strings.Join(words, ", "))
	}
	if len(out) > MaxSynonymGroups {
		return nil, Errorf(EINVALID, "At most %d lines of words", MaxSynonymGroups)
	}
	return out, nil
}

// SynonymsOf indexes the groups of words of lines as ParseSynonyms writes them.
func SynonymsOf(lines []string) Synonyms {
	groups := make([][]string, len(lines))
	for i, l := range lines {
		groups[i] = strings.Split(l, ", ")
	}
	return NewSynonyms(groups)
}
