package search

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// How a query finds a product. A product is found by a query that its names contain as they are
// written, ignoring case (the spec's rule, the floor: everything it finds is found), or whose every
// word matches a word of its names, in any order, one of these ways, from the best:
//
//   - the same word, however it is spelled in Devanagari or romanised (Key), singular or
//     plural ("tomatoes" is "tomato"), or a word the store counts as the same (Synonyms: "kukhura"
//     is "chicken");
//   - the start of a word, for the word being typed, the query's last ("tom" for "tomato");
//   - the word with a typo: one letter added, missing, changed or two swapped in a word of 4 to 7
//     letters, two in a longer one ("tomatto", "corriander").
//
// A short word is matched as a whole word or a word's start, never inside another ("dal" does not
// find noodles). Products are ranked by how well they match (Searchable.score), best first.

// searchWord is a word of a product's names as a search compares it: lower-cased, and the keys of
// its forms (as written and its possible singulars).
type searchWord struct {
	lower string
	keys  []string
}

// Searchable is what a search compares of a product: every name it has, lower-cased, and their
// words.
type Searchable struct {
	names []string
	words []searchWord
}

// NewSearchable prepares names for matches; empty ones are left out.
func NewSearchable(names ...string) Searchable {
	var s Searchable
	for _, n := range names {
		if n == "" {
			continue
		}
		lower := strings.ToLower(n)
		s.names = append(s.names, lower)
		words := splitWords(lower)
		for i, w := range words {
			s.words = append(s.words, searchWord{lower: w, keys: formKeys(w)})
			// Two words are also found written as one: "ice cream" by "icecream".
			if i > 0 {
				s.words = append(s.words, searchWord{lower: words[i-1] + w, keys: formKeys(words[i-1] + w)})
			}
		}
	}
	return s
}

// splitWords splits lower-cased text into its words: runs of letters, digits and the marks that
// Devanagari writes its vowels with.
func splitWords(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) && !unicode.IsMark(r) })
}

// forms are a lower-cased word and the singulars it may be the plural of: "tomatoes" is "tomato",
// "cookies" "cookie", "strawberries" "strawberry", "grapes" "grape"; a Nepali word with its
// possessive ending is the word too: "कुखुराको" (the chicken's) is "कुखुरा".
func forms(w string) []string {
	out := []string{w}
	for _, ending := range nepaliEndings {
		if base, ok := strings.CutSuffix(w, ending); ok && utf8.RuneCountInString(base) >= 2 {
			out = append(out, base)
		}
	}
	n := len(w)
	switch {
	case n > 4 && strings.HasSuffix(w, "ies"):
		out = append(out, w[:n-1], w[:n-3]+"y")
	case n > 3 && strings.HasSuffix(w, "es"):
		out = append(out, w[:n-2], w[:n-1])
	case n > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		out = append(out, w[:n-1])
	}
	return out
}

// nepaliEndings are the possessive endings of Nepali words.
var nepaliEndings = []string{"को", "का", "की"}

// formKeys are the keys (Key) of a word's forms, each once.
func formKeys(w string) []string {
	var keys []string
	for _, f := range forms(w) {
		if k := Key(f); k != "" && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// Matches says whether a query finds the names, with the default synonyms. An empty query finds
// every product.
func (s Searchable) Matches(query string) bool {
	return s.score(newSearchText(query, DefaultSynonyms)) > 0
}

// queryWord is a word of a query as it is compared: lower-cased, the keys of its forms, those of
// the words the store counts as the same (alike), and whether it is the word being typed (last).
type queryWord struct {
	lower string
	keys  []string
	alike []string
	last  bool
	// typos is how many typos the word may hold: 0 below 4 letters, 1 up to 7, 2 beyond.
	typos int
}

// searchText is a query made ready to be compared with many products: its words, and them written
// as one (joined: "water melon" finds "watermelon"), for a query of several.
type searchText struct {
	lower  string
	words  []queryWord
	joined []queryWord
}

// newSearchText prepares a query, with the synonyms the store counts as the same words.
func newSearchText(query string, synonyms Synonyms) searchText {
	q := strings.ToLower(strings.TrimSpace(query))
	t := searchText{lower: q}
	words := splitWords(q)
	for i, w := range words {
		qw := queryWord{lower: w, keys: formKeys(w), last: i == len(words)-1}
		switch n := utf8.RuneCountInString(w); {
		case n >= 8:
			qw.typos = 2
		case n >= 4:
			qw.typos = 1
		}
		for _, k := range qw.keys {
			for _, alike := range synonyms.of(k) {
				if !slices.Contains(qw.keys, alike) && !slices.Contains(qw.alike, alike) {
					qw.alike = append(qw.alike, alike)
				}
			}
		}
		t.words = append(t.words, qw)
	}
	if len(words) > 1 {
		t.joined = newSearchText(strings.Join(words, ""), synonyms).words
	}
	return t
}

// Levels of a query word's match with a product's word, from the best.
const (
	matchSame  = 3
	matchStart = 2
	matchTypo  = 1
	matchNone  = 0
)

// The score of a product found (Searchable.score): each word's level counts more than the names
// containing the query as written, which only ranks products whose words match as well.
const (
	wordWeight = 10
	floorScore = 5
)

// level is how well the query word matches the product's word.
func (q queryWord) level(w searchWord) int {
	best := matchNone
	for _, wk := range w.keys {
		for _, qk := range q.keys {
			switch {
			case qk == wk:
				return matchSame
			case q.last && strings.HasPrefix(wk, qk):
				best = max(best, matchStart)
			case q.typos > 0 && best < matchTypo && withinTypos(qk, wk, q.typos):
				best = matchTypo
			}
		}
		if slices.Contains(q.alike, wk) {
			return matchSame
		}
	}
	if q.last && best < matchStart && strings.HasPrefix(w.lower, q.lower) {
		best = matchStart
	}
	return best
}

// score is how well the query finds the product: its words' levels, and whether the names contain
// the query as written; 0 when it does not find it.
func (s Searchable) score(q searchText) int {
	if q.lower == "" {
		return 1
	}
	words := max(s.wordsScore(q.words), s.wordsScore(q.joined))
	for _, n := range s.names {
		if strings.Contains(n, q.lower) {
			return floorScore + words
		}
	}
	return words
}

// wordsScore is the sum of the query words' best levels in the names, times wordWeight, or 0 when
// one of them matches no word (or there are none).
func (s Searchable) wordsScore(words []queryWord) int {
	total := 0
	for _, qw := range words {
		best := matchNone
		for _, w := range s.words {
			if best = max(best, qw.level(w)); best == matchSame {
				break
			}
		}
		if best == matchNone {
			return 0
		}
		total += best * wordWeight
	}
	return total
}

// withinTypos reports whether a and b differ by at most n typos: letters inserted, deleted,
// changed, or two neighbours swapped (the optimal string alignment distance).
func withinTypos(a, b string, n int) bool {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > n || -d > n {
		return false
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		least := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			least = min(least, cur[j])
		}
		if least > n {
			return false
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)] <= n
}
