package haat

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ProductSize is one pack size of a family of products, as a product's page offers it.
type ProductSize struct {
	ID         string `json:"_id"`
	Size       string `json:"size"`
	OfferPrice Money  `json:"offerPrice"`
	InStock    bool   `json:"inStock"`
}

// FamilyKey is the form of a family key two products share: trimmed, in lower case.
func FamilyKey(family string) string { return strings.ToLower(strings.TrimSpace(family)) }

// validateFamily checks the product's pack family and size: a family key of one line within
// MaxFamily characters, kept as FamilyKey; a product of a family needs its size label, within
// MaxSize characters, and one of no family has none.
func (p *Product) validateFamily() error {
	p.Family, p.Size = FamilyKey(p.Family), strings.TrimSpace(p.Size)
	switch {
	case utf8.RuneCountInString(p.Family) > MaxFamily:
		return Errorf(EINVALID, "Family must be at most %d characters", MaxFamily)
	case strings.ContainsFunc(p.Family, unicode.IsControl):
		return Errorf(EINVALID, "Family must be one line of text")
	case utf8.RuneCountInString(p.Size) > MaxSize:
		return Errorf(EINVALID, "Size must be at most %d characters", MaxSize)
	case p.Family != "" && p.Size == "":
		return Errorf(EINVALID, "A product of a family needs its size, such as 1 kg")
	case p.Family == "" && p.Size != "":
		return Errorf(EINVALID, "Only a product of a family has a size")
	}
	return nil
}
