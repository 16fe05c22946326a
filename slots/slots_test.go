package slots_test

import (
	"testing"
	"time"

	"haat"
	"haat/slots"
)

func TestSlots(t *testing.T) {
	ws := []slots.Window{
		{ID: "m", Start: 8 * 60, End: 10 * 60, Capacity: 2, Cutoff: 60},
		{ID: "e", Start: 18 * 60, End: 20 * 60, Capacity: 5, Cutoff: 0},
	}
	// 06:59 in Kathmandu (+05:45) is 01:14 UTC; the morning window's cut-off is 07:00.
	now := time.Date(2026, 11, 23, 1, 14, 0, 0, time.UTC)
	offered := slots.Of(ws, map[string]int{"2026-11-23/e": 5, "2026-11-24/m": 1}, now)
	want := []haat.Slot{
		{ID: "2026-11-23/m", Day: "2026-11-23", Start: 480, End: 600, Remaining: 2, State: haat.SlotOpen},
		{ID: "2026-11-23/e", Day: "2026-11-23", Start: 1080, End: 1200, Remaining: 0, State: haat.SlotFull},
		{ID: "2026-11-24/m", Day: "2026-11-24", Start: 480, End: 600, Remaining: 1, State: haat.SlotOpen},
		{ID: "2026-11-24/e", Day: "2026-11-24", Start: 1080, End: 1200, Remaining: 5, State: haat.SlotOpen},
	}
	if len(offered) != len(want) {
		t.Fatalf("offered = %+v", offered)
	}
	for i := range want {
		if offered[i] != want[i] {
			t.Errorf("slot %d = %+v, want %+v", i, offered[i], want[i])
		}
	}
	// At 07:00 the morning window is past its cut-off; at 18:00 the evening one (no cut-off) too.
	if s := slots.Of(ws, nil, now.Add(time.Minute))[0]; s.State != haat.SlotClosed {
		t.Errorf("at the cut-off: %+v", s)
	}
	evening := time.Date(2026, 11, 23, 18, 0, 0, 0, haat.StoreZone)
	if s := slots.Of(ws, nil, evening)[1]; s.State != haat.SlotClosed || s.Remaining != 5 {
		t.Errorf("at the start: %+v", s)
	}
	if s := slots.Of(ws, nil, evening.Add(-time.Second))[1]; s.State != haat.SlotOpen {
		t.Errorf("a second before the start: %+v", s)
	}
	// Just before midnight in Kathmandu (18:14 UTC), today is still the 23rd there.
	late := time.Date(2026, 11, 23, 18, 14, 0, 0, time.UTC)
	if s := slots.Of(ws, nil, late); s[0].Day != "2026-11-23" || s[2].Day != "2026-11-24" || s[2].State != haat.SlotOpen {
		t.Errorf("late at night: %+v", s)
	}
	if s := slots.Of(ws, nil, late.Add(time.Minute)); s[0].Day != "2026-11-24" {
		t.Errorf("after midnight in Kathmandu: %+v", s)
	}

	for id, want := range map[string]string{
		"":             "Please choose a delivery slot",
		"2026-11-23/e": "That delivery slot is full; please choose another",
		"2026-11-22/m": "That delivery slot can no longer be chosen; please choose another",
		"2026-11-23/x": "That delivery slot can no longer be chosen; please choose another",
	} {
		if _, err := haat.ChooseSlot(offered, id); haat.ErrorMessage(err) != want {
			t.Errorf("ChooseSlot(%q) = %v, want %q", id, err, want)
		}
	}
	if s, err := haat.ChooseSlot(offered, "2026-11-24/m"); err != nil || s.Remaining != 1 {
		t.Errorf("ChooseSlot = %+v, %v", s, err)
	}
}

func TestValidateWindows(t *testing.T) {
	ok := []slots.Window{{Start: 960, End: 1080, Capacity: 3}, {Start: 480, End: 600, Capacity: 10, Cutoff: 30}}
	if err := slots.ValidateWindows(ok); err != nil || ok[0].Start != 480 {
		t.Fatalf("ValidateWindows = %v, %+v", err, ok)
	}
	for _, c := range []struct {
		w    []slots.Window
		want string
	}{
		{[]slots.Window{{Start: 600, End: 600, Capacity: 1}}, "A delivery window must end after it starts, within the day"},
		{[]slots.Window{{Start: 1380, End: 1500, Capacity: 1}}, "A delivery window must end after it starts, within the day"},
		{[]slots.Window{{Start: 480, End: 600, Capacity: 0}}, "A delivery window takes 1 to 1000 orders"},
		{[]slots.Window{{Start: 480, End: 600, Capacity: 1, Cutoff: -1}}, "A cut-off is 0 to 1440 minutes before the window"},
		{[]slots.Window{{Start: 480, End: 600, Capacity: 1}, {Start: 570, End: 660, Capacity: 1}}, "Delivery windows 08:00–10:00 and 09:30–11:00 overlap"},
		{make([]slots.Window, 13), "At most 12 delivery windows"},
	} {
		if err := slots.ValidateWindows(c.w); haat.ErrorMessage(err) != c.want {
			t.Errorf("ValidateWindows(%+v) = %v, want %q", c.w, err, c.want)
		}
	}
}
