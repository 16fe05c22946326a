package search

import (
	"slices"
	"strings"

	"haat"
)

// Synonyms are the words a search counts as the same, by key (Key): a shopper who types
// "kukhura" finds the chicken, one who types "corn" the maize.
type Synonyms map[string][]string

// NewSynonyms indexes groups of words that mean the same: each word of a group finds the others.
func NewSynonyms(groups [][]string) Synonyms {
	s := Synonyms{}
	for _, g := range groups {
		keys := make([]string, 0, len(g))
		for _, w := range g {
			if k := Key(w); k != "" && !slices.Contains(keys, k) {
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

// DefaultSynonyms are the synonyms of a store whose owner edited none: DefaultSynonymLines.
var DefaultSynonyms = SynonymsOf(haat.DefaultSynonymLines)

// SynonymsOf indexes the groups of words of lines as ParseSynonyms writes them.
func SynonymsOf(lines []string) Synonyms {
	groups := make([][]string, len(lines))
	for i, l := range lines {
		groups[i] = strings.Split(l, ", ")
	}
	return NewSynonyms(groups)
}
