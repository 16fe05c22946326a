package api_test

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"slices"
	"strings"
	"testing"

	"haat"
	"haat/notify"
	"haat/payment/fonepaytest"
	"haat/sms"
)

// TestStaff: the owner adds packers and riders (by email or mobile number), lists them, changes a
// role and removes one; they sign in at the seller area like the owner, and the session tells
// their role and what it reaches. Bad input changes nothing; an owner's account is not changed
// here; a removed member of staff is signed out.
func TestStaff(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		owner := s.seller()
		add := func(body map[string]string) response {
			t.Helper()
			return owner.post("/api/seller/staff", body)
		}
		want(t, add(map[string]string{"name": "", "email": "a@example.com", "role": "packer", "password": sellerPassword}), 400, "Name is required")
		want(t, add(map[string]string{"name": "Hari", "role": "packer", "password": sellerPassword}), 400, "Give an email or a mobile number to sign in with")
		want(t, add(map[string]string{"name": "Hari", "email": "a@example.com", "phone": "9801234567", "role": "packer", "password": sellerPassword}), 400,
			"Give an email or a mobile number, not both")
		want(t, add(map[string]string{"name": "Hari", "email": "a@example.com", "role": "owner", "password": sellerPassword}), 400, "Role must be packer or rider")
		want(t, add(map[string]string{"name": "Hari", "phone": "12345", "role": "rider", "password": sellerPassword}), 400,
			"Please enter a Nepali mobile number: 10 digits starting with 97 or 98")
		want(t, add(map[string]string{"name": "Hari", "email": "a@example.com", "role": "rider", "password": "short"}), 400)
		want(t, add(map[string]string{"name": "Hari", "email": sellerEmail, "role": "rider", "password": sellerPassword}), 409,
			"Someone in the store already signs in with this email or number")

		r := add(map[string]string{"name": "Hari Thapa", "email": "hari@example.com", "role": "packer", "password": sellerPassword})
		want(t, r, 200, "Staff added")
		hari := r.body["staff"].(map[string]any)
		if hari["name"] != "Hari Thapa" || hari["role"] != "packer" || hari["_id"] == "" {
			t.Fatalf("added: %v", hari)
		}
		// A rider who signs in with their mobile number, typed in Nepali digits.
		r = add(map[string]string{"name": "Bikash Rai", "phone": "९८०१२३४५६७", "role": "rider", "password": sellerPassword})
		want(t, r, 200, "Staff added")
		bikash := r.body["staff"].(map[string]any)
		if bikash["phone"] != "9801234567" || bikash["email"] != "" {
			t.Fatalf("rider by phone: %v", bikash)
		}
		want(t, add(map[string]string{"name": "Other", "phone": "9801234567", "role": "rider", "password": sellerPassword}), 409)

		r = owner.get("/api/seller/staff")
		want(t, r, 200)
		var names []string
		for _, m := range r.body["staff"].([]any) {
			m := m.(map[string]any)
			names = append(names, fmt.Sprint(m["role"], ":", m["name"]))
		}
		if strings.Join(names, ", ") != "owner:, rider:Bikash Rai, packer:Hari Thapa" {
			t.Fatalf("staff: %v", names)
		}

		// The rider signs in with the number; the session tells the role and what it reaches.
		rider := s.client()
		want(t, rider.post("/api/seller/login", map[string]string{"email": "9801234568", "password": sellerPassword}), 401)
		want(t, rider.post("/api/seller/login", map[string]string{"email": "9801234567", "password": sellerPassword}), 200, "Logged In")
		r = rider.get("/api/seller/session")
		if me := r.body["seller"].(map[string]any); me["role"] != "rider" || fmt.Sprint(me["reach"]) != "[area deliveries]" {
			t.Fatalf("rider's session: %v", me)
		}
		want(t, rider.get("/api/order/seller"), 403, "Your role in the store does not allow this")
		if me := owner.get("/api/seller/session").body["seller"].(map[string]any); me["role"] != "owner" || fmt.Sprint(me["reach"]) != "[area orders owner]" {
			t.Fatalf("owner's session: %v", me)
		}

		// A role changed holds at once, in the sessions going on.
		want(t, owner.post("/api/seller/staff/role", map[string]string{"id": bikash["_id"].(string), "role": "packer"}), 200, "Role changed")
		want(t, rider.get("/api/order/seller"), 200)
		want(t, owner.post("/api/seller/staff/role", map[string]string{"id": bikash["_id"].(string), "role": "boss"}), 400, "Role must be packer or rider")
		ownerID := owner.get("/api/seller/session").body["seller"].(map[string]any)["_id"].(string)
		want(t, owner.post("/api/seller/staff/role", map[string]string{"id": ownerID, "role": "packer"}), 403)
		want(t, owner.post("/api/seller/staff/remove", map[string]string{"id": ownerID}), 403)
		want(t, owner.post("/api/seller/staff/remove", map[string]string{"id": "nope"}), 404)

		// Removed, they are signed out.
		want(t, owner.post("/api/seller/staff/remove", map[string]string{"id": bikash["_id"].(string)}), 200, "Staff removed")
		want(t, rider.get("/api/order/seller"), 401)
		want(t, rider.post("/api/seller/login", map[string]string{"email": "9801234567", "password": sellerPassword}), 401)
		if n := len(owner.get("/api/seller/staff").body["staff"].([]any)); n != 2 {
			t.Fatalf("staff after removing one: %d", n)
		}
	})
}

// riderOf returns the id of the member of staff c is signed in as.
func riderOf(t *testing.T, c *client) string {
	t.Helper()
	return c.get("/api/seller/session").body["seller"].(map[string]any)["_id"].(string)
}

// TestDeliveryDay: a packer packs and gives two orders to a rider; the rider sees only their own
// deliveries, by slot, with what to collect; sets out (the shopper is sent a handover code, sees
// it and the rider's first name in My Orders); a wrong code is refused and counted, the right one
// delivers (a cash order is then paid); too many wrong codes leave only a photo; an order that
// could not be delivered goes back to the store's queue. Every step is in the order's history,
// with who took it: the seller sees who, the shopper does not. Another rider's order is not found.
func TestDeliveryDay(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		stand := &smsStandIn{}
		sender := &sms.Sparrow{Token: "tok", From: "Haat", URL: stand.start(t)}
		owner, packer := s.seller(), s.staff("packer")
		rider, other := s.staff("rider"), s.staff("rider")
		riderID, otherID := riderOf(t, rider), riderOf(t, other)
		c := s.phoneShopper("9812345678")
		address := c.addAddress()
		place := func() string {
			t.Helper()
			want(t, c.post("/api/order/cod", order(s.rice.ID, 1, address)), 200)
			return c.orders()[0].(map[string]any)["_id"].(string)
		}
		first, second, third := place(), place(), place()

		// Only riders take orders, and only before they go out.
		want(t, packer.post("/api/order/assign", map[string]string{"id": first, "rider": riderOf(t, packer)}), 400, "Orders are given to riders only")
		want(t, packer.post("/api/order/assign", map[string]string{"id": first, "rider": "nope"}), 400)
		want(t, rider.post("/api/order/assign", map[string]string{"id": first, "rider": riderID}), 403)
		r := packer.get("/api/seller/riders")
		want(t, r, 200)
		if n := len(r.body["riders"].([]any)); n != 2 {
			t.Fatalf("riders: %d", n)
		}
		for _, id := range []string{first, second} {
			want(t, packer.post("/api/order/status", map[string]string{"id": id, "status": "Packed"}), 200)
			want(t, packer.post("/api/order/assign", map[string]string{"id": id, "rider": riderID}), 200, "Rider assigned")
		}
		want(t, owner.post("/api/order/assign", map[string]string{"id": third, "rider": otherID}), 200)

		// The rider sees their two, not the other rider's.
		r = rider.get("/api/rider/deliveries")
		want(t, r, 200)
		list := r.body["deliveries"].([]any)
		if len(list) != 2 {
			t.Fatalf("deliveries: %v", list)
		}
		d := list[0].(map[string]any)
		if d["collect"] != d["amount"] || d["paymentType"] != "COD" || d["canStart"] != true || d["address"].(map[string]any)["phone"] != "9811111111" {
			t.Fatalf("a delivery: %v", d)
		}
		want(t, rider.post("/api/rider/start", map[string]string{"id": third}), 404, "Order not found")
		want(t, rider.post("/api/rider/delivered", map[string]string{"id": third, "code": "0000"}), 404)
		want(t, rider.post("/api/rider/failed", map[string]string{"id": third, "reason": "noAnswer"}), 404)
		want(t, owner.get("/api/rider/deliveries"), 403)

		// Out: the shopper gets the code, by SMS and in My Orders, with the rider's first name.
		want(t, rider.post("/api/rider/delivered", map[string]string{"id": first, "code": "0000"}), 409)
		want(t, rider.post("/api/rider/start", map[string]string{"id": first}), 200, "Order Out for Delivery")
		mine := c.orders()[2].(map[string]any)
		code, _ := mine["handoverCode"].(string)
		if len(code) != 4 || mine["rider"].(map[string]any)["name"] != "Ram" {
			t.Fatalf("the shopper's order out: %v", mine)
		}
		if err := notify.SendTexts(ctx, s.db, sender); err != nil {
			t.Fatal(err)
		}
		number := int64(mine["number"].(float64))
		if got := stand.texts(); !slices.Contains(got, fmt.Sprintf("9812345678: Your order #%d is out for delivery. Tell the rider the code %s when it arrives.", number, code)) {
			t.Fatalf("texts: %q", got)
		}
		for _, e := range mine["events"].([]any) {
			if e.(map[string]any)["by"] != nil {
				t.Fatalf("the shopper sees who took a step: %v", e)
			}
		}

		wrong := fmt.Sprintf("%04d", (atoi(code)+1)%10000)
		want(t, rider.post("/api/rider/delivered", map[string]string{"id": first}), 400, "Enter the code the shopper was sent")
		want(t, rider.post("/api/rider/delivered", map[string]string{"id": first, "code": wrong}), 400, "Wrong code. Tries left: 4")
		want(t, other.post("/api/rider/delivered", map[string]string{"id": first, "code": code}), 404)
		r = rider.post("/api/rider/delivered", map[string]string{"id": first, "code": code})
		want(t, r, 200, "Order Delivered")
		if d := r.body["delivery"].(map[string]any); d["status"] != "Delivered" || d["isPaid"] != true || d["collect"] != 0.0 {
			t.Fatalf("delivered: %v", d)
		}
		if o := s.sellerOrder(first); o["isPaid"] != true || o["proof"].(map[string]any)["method"] != "code" {
			t.Fatalf("the seller's delivered order: %v", o)
		}
		if mine := c.orders()[2].(map[string]any); mine["handoverCode"] != nil || mine["rider"] != nil {
			t.Fatalf("the code or rider outlived the delivery: %v", mine)
		}

		// The history, with who took each step.
		var steps []string
		for _, e := range s.sellerOrder(first)["events"].([]any) {
			e := e.(map[string]any)
			by := e["by"].(map[string]any)
			steps = append(steps, fmt.Sprintf("%s by %s %s", e["status"], by["role"], by["name"]))
		}
		if got := strings.Join(steps, "; "); got != "Order Placed by shopper ; Packed by packer Ram packer; Assigned by packer Ram packer; "+
			"Out for Delivery by rider Ram rider; Paid by rider Ram rider; Delivered by rider Ram rider" {
			t.Fatalf("history: %s", got)
		}

		// Five wrong codes leave only a photo, with a reason.
		want(t, rider.post("/api/rider/start", map[string]string{"id": second}), 200)
		code = c.orders()[1].(map[string]any)["handoverCode"].(string)
		wrong = fmt.Sprintf("%04d", (atoi(code)+1)%10000)
		for left := 4; left >= 0; left-- {
			want(t, rider.post("/api/rider/delivered", map[string]string{"id": second, "code": wrong}), 400, fmt.Sprintf("Wrong code. Tries left: %d", left))
		}
		want(t, rider.post("/api/rider/delivered", map[string]string{"id": second, "code": code}), 409, "Too many wrong codes: deliver it with a photo instead")
		photo := func(reason string) response {
			body, ct := multipartFiles(map[string]string{"id": second, "reason": reason}, "photo", upload{"door.png", pngFile(t)})
			return rider.do("POST", "/api/rider/delivered", body, ct)
		}
		want(t, photo(""), 400, "Say why there is no code")
		// Could not deliver: back to the store's queue, given to no one, with the reason.
		want(t, rider.post("/api/rider/failed", map[string]string{"id": second, "reason": "lost"}), 400)
		r = rider.post("/api/rider/failed", map[string]string{"id": second, "reason": "noAnswer"})
		want(t, r, 200, "Back to the store")
		o := s.sellerOrder(second)
		events := o["events"].([]any)
		last := events[len(events)-1].(map[string]any)
		if o["status"] != "Packed" || o["rider"] != nil || last["status"] != "Not Delivered" || last["note"] != "noAnswer" {
			t.Fatalf("not delivered: %v", o)
		}
		if n := len(rider.get("/api/rider/deliveries").body["deliveries"].([]any)); n != 1 {
			t.Fatalf("the rider's list after one back: %d", n)
		}
		// Out again with a new code and new tries; delivered by a photo this time.
		want(t, packer.post("/api/order/assign", map[string]string{"id": second, "rider": riderID}), 200)
		want(t, rider.post("/api/rider/start", map[string]string{"id": second}), 200)
		r = photo("Shopper's phone off; left with the guard")
		want(t, r, 200, "Order Delivered")
		proof := s.sellerOrder(second)["proof"].(map[string]any)
		if proof["method"] != "photo" || !strings.HasPrefix(proof["photo"].(string), "/media/uploads/") || proof["reason"] != "Shopper's phone off; left with the guard" {
			t.Fatalf("proof: %v", proof)
		}
	})
}

// multipartFiles is a multipart form of fields and files under the field name field.
func multipartFiles(fields map[string]string, field string, files ...upload) (io.Reader, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	for _, f := range files {
		fw, _ := w.CreateFormFile(field, f.name)
		fw.Write(f.data)
	}
	w.Close()
	return &b, w.FormDataContentType()
}

// atoi reads a handover code's digits.
func atoi(s string) int {
	n := 0
	fmt.Sscan(s, &n)
	return n
}

// TestDoorQR: a rider takes a cash order's money by a Fonepay QR code at the door, for its exact
// amount; the order is paid only once Fonepay confirms it, and then nothing is left to collect.
// Another rider's order, a paid order and an order not out are refused; a packer may not.
func TestDoorQR(t *testing.T) {
	f := fonepaytest.New()
	eachStore(t, func(t *testing.T, s *store) {
		packer, rider, other := s.staff("packer"), s.staff("rider"), s.staff("rider")
		c := s.shopper("")
		address := c.addAddress()
		want(t, c.post("/api/order/cod", order(s.rice.ID, 2, address)), 200)
		id := c.orders()[0].(map[string]any)["_id"].(string)
		want(t, packer.post("/api/order/status", map[string]string{"id": id, "status": "Packed"}), 200)
		want(t, packer.post("/api/order/assign", map[string]string{"id": id, "rider": riderOf(t, rider)}), 200)
		want(t, rider.post("/api/rider/qr", map[string]string{"id": id}), 409, "An order that is Packed is not out for delivery")
		want(t, rider.post("/api/rider/start", map[string]string{"id": id}), 200)
		if d := rider.get("/api/rider/deliveries").body["deliveries"].([]any)[0].(map[string]any); d["canTakeQR"] != true {
			t.Fatalf("delivery: %v", d)
		}
		want(t, other.post("/api/rider/qr", map[string]string{"id": id}), 404)
		want(t, packer.post("/api/rider/qr", map[string]string{"id": id}), 403)

		before := f.PRNs()
		r := rider.post("/api/rider/qr", map[string]string{"id": id})
		want(t, r, 200)
		p := r.body["payment"].(map[string]any)
		amount := c.orders()[0].(map[string]any)["amount"]
		if p["state"] != "pending" || p["amount"] != amount || p["qr"] == nil {
			t.Fatalf("the door's QR: %s", r.raw)
		}
		var prn string
		for _, n := range f.PRNs() {
			if !slices.Contains(before, n) {
				prn = n
			}
		}
		want(t, rider.get("/api/rider/qr?id="+id), 200)
		if o := s.sellerOrder(id); o["isPaid"] != false {
			t.Fatalf("paid before Fonepay said so: %v", o)
		}
		want(t, other.get("/api/rider/qr?id="+id), 404)

		f.Pay(prn)
		r = rider.get("/api/rider/qr?id=" + id)
		want(t, r, 200)
		if p := r.body["payment"].(map[string]any); p["state"] != "paid" || p["qr"] != nil {
			t.Fatalf("after paying: %s", r.raw)
		}
		o := s.sellerOrder(id)
		events := o["events"].([]any)
		last := events[len(events)-1].(map[string]any)
		if o["isPaid"] != true || o["status"] != "Out for Delivery" || last["status"] != "Paid" || last["note"] != "atTheDoor" {
			t.Fatalf("paid at the door: %v", o)
		}
		d := rider.get("/api/rider/deliveries").body["deliveries"].([]any)[0].(map[string]any)
		if d["collect"] != 0.0 || d["canTakeQR"] != false {
			t.Fatalf("after the QR: %v", d)
		}
		want(t, rider.post("/api/rider/qr", map[string]string{"id": id}), 409, "The order is paid already")
		// The owner's cash sheet lists it as paid by QR, not as cash the rider owes.
		r = s.seller().get("/api/seller/cash")
		want(t, r, 200)
		for _, sh := range r.body["sheets"].([]any) {
			sh := sh.(map[string]any)
			if sh["rider"].(map[string]any)["_id"] != riderOf(t, rider) {
				continue
			}
			if qr := sh["qr"].([]any); len(qr) != 1 || qr[0].(map[string]any)["order"] != id || sh["qrTotal"] != amount ||
				len(sh["collected"].([]any)) != 0 || sh["difference"] != 0.0 {
				t.Fatalf("the rider's cash sheet: %v", sh)
			}
		}
		// Delivered with the code: it stays paid once, and no money is owed back.
		code := c.orders()[0].(map[string]any)["handoverCode"].(string)
		want(t, rider.post("/api/rider/delivered", map[string]string{"id": id, "code": code}), 200)
		if o := s.sellerOrder(id); o["isPaid"] != true || o["refund"] != nil {
			t.Fatalf("delivered: %v", o)
		}
	}, withCurrency(haat.NPR), withFonepay(t, f))
}
