package commonpasswords

import "testing"

// TestList holds the embedded list to what its note says: 10,000 passwords, in lower case, the
// most common first.
func TestList(t *testing.T) {
	if !Contains("123456") || !Contains("159753456") {
		t.Error("the first or the 10,000th password is not on the list")
	}
	if !Contains("  PassWord ") {
		t.Error("a common password in capitals, with spaces around it, is not on the list")
	}
	if n := len(set()); n != 10000 {
		t.Errorf("%d passwords on the list, want 10,000", n)
	}
}
