package haat

import (
	"strings"
	"unicode/utf8"
)

// The words a store's search counts as the same are one of its settings: groups of words, one a
// line, that its owner edits (the search indexes them: search.SynonymsOf).

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

// DefaultSynonymLines are defaultSynonymGroups as the owner edits them, one group a line.
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
