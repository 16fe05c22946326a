package picklist_test

import (
	"testing"

	"haat"
	"haat/picklist"
)

func TestPickListOf(t *testing.T) {
	tomatoes := haat.OrderProduct{ID: "t", Name: "Tomatoes", Category: "Vegetables", SoldBy: haat.SoldByWeight, Step: 250, Image: []string{"/t.webp"}}
	rice := haat.OrderProduct{ID: "r", Name: "Rice", Category: "Grains"}
	apples := haat.OrderProduct{ID: "a", Name: "Apples", Category: "Fruits"}
	onions := haat.OrderProduct{ID: "o", Name: "Onions", Category: "Vegetables"}
	orders := []haat.Order{
		{Items: []haat.OrderItem{{Product: rice, Quantity: 2}, {Product: tomatoes, Quantity: 3}}},
		{Items: []haat.OrderItem{{Product: tomatoes, Quantity: 2}, {Product: apples, Quantity: 1}, {Product: onions, Quantity: 4}}},
	}
	got := picklist.Of(orders)
	want := []picklist.Line{
		{Product: "o", Name: "Onions", Category: "Vegetables", Quantity: 4, Orders: 1},
		{Product: "t", Name: "Tomatoes", Category: "Vegetables", Image: "/t.webp", Quantity: 5, Grams: 1250, SoldBy: haat.SoldByWeight, Orders: 2},
		{Product: "a", Name: "Apples", Category: "Fruits", Quantity: 1, Orders: 1},
		{Product: "r", Name: "Rice", Category: "Grains", Quantity: 2, Orders: 1},
	}
	if len(got) != len(want) {
		t.Fatalf("%+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if l := picklist.Of(nil); l == nil || len(l) != 0 {
		t.Errorf("no orders: %v", l)
	}
}
