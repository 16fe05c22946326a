// Package scale makes a grocer's store of a given size: its catalogue, shoppers and years of
// orders, written in bulk but shaped row for row as the store writes them, so that the seller's
// pages, the shoppers' order lists and search can be measured on it.
package scale

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/oklog/ulid/v2"
	"golang.org/x/crypto/bcrypt"

	"haat"
	"haat/catalogue"
	"haat/slots"
	"haat/sqlstore"
	"haat/staff"
)

// Options size the store.
type Options struct {
	Products, Shoppers, Orders int
	// Heavy shoppers each place HeavyOrders of the orders, spread over the years.
	Heavy, HeavyOrders int
	// Years is how far back the orders go; they grow from the first year to the last (Growth
	// times as many a day at the end as at the start).
	Years  float64
	Growth float64
	// Now is when the store is made: the newest orders are still on their way.
	Now time.Time
	// PasswordCost is the bcrypt cost of the accounts' passwords; 0 is the store's own.
	PasswordCost int
	// Log, when set, is told how the making goes.
	Log io.Writer
}

// Defaults are the grocer: 20,000 products, 200,000 shoppers and 1,000,000 orders over
// three years, five shoppers with 500 orders each.
func Defaults() Options {
	return Options{Products: 20000, Shoppers: 200000, Orders: 1000000, Heavy: 5, HeavyOrders: 500, Years: 3, Growth: 4}
}

// Passwords of the accounts the store is made with, to sign in to it for measuring.
const (
	OwnerEmail    = "owner@haat.example"
	OwnerPassword = "grocer's scale"
	// ShopperPassword is every shopper's password.
	ShopperPassword = "a long password"
)

// Report says what was made.
type Report struct {
	Products, Shoppers, Addresses, Orders, Items, Events, Payments int
	// HeavyShopper is the email of a shopper with Options.HeavyOrders orders, HeavyShopperID their id.
	HeavyShopper, HeavyShopperID string
	// Took is how long the making took.
	Took time.Duration
}

// Build makes the store at url (a postgres:// URL, or empty for SQLite in dataDir) and fills it.
// The store must be empty: its schema is made by the store's own migrations, its settings,
// staff and catalogue by the store's own calls, and its shoppers and orders in bulk.
func Build(ctx context.Context, url, dataDir string, o Options) (*Report, error) {
	begin := time.Now()
	if o.Now.IsZero() {
		o.Now = time.Now()
	}
	if o.Heavy*o.HeavyOrders > o.Orders || o.Heavy > o.Shoppers || o.Products < 1 || o.Shoppers < 1 {
		return nil, errors.New("scale: the heavy shoppers' orders must fit in the orders, and there must be products and shoppers")
	}
	g := &generator{o: o, r: NewDraw(), rep: &Report{}}
	if err := g.setUp(ctx, url, dataDir); err != nil {
		return nil, err
	}
	path := filepath.Join(dataDir, "haat.db")
	s, err := openSink(ctx, url, path, usersTable, addressesTable, ordersTable, itemsTable, eventsTable, attemptsTable, slotsTable)
	if err != nil {
		return nil, err
	}
	g.s = s
	err = g.fill()
	if cerr := s.close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	if err := finish(ctx, url, path); err != nil {
		return nil, err
	}
	g.rep.Took = time.Since(begin)
	return g.rep, nil
}

// generator holds what the making draws from.
type generator struct {
	o   Options
	r   *Draw
	s   *sink
	rep *Report

	passwordCost int
	// last is the last id made, of the millisecond lastMS.
	last     ulid.ULID
	lastMS   uint64
	settings *haat.StoreSettings
	windows  []slots.Window
	products []haat.Product
	owner    haat.Actor
	packers  []haat.Actor
	riders   []haat.OrderRider
	// shoppers, oldest first.
	shoppers []shopper
}

type shopper struct {
	id        string
	name      string
	createdAt time.Time
	address   haat.Address
}

// id is a store id made at t, as the store makes them: a ULID of t's millisecond and 80 random
// bits. Two ids of one millisecond sort by their random bits, so the steps of an order taken in
// one millisecond have ids in the order they were taken, as the store's own have.
func (g *generator) id(t time.Time) string {
	ms := ulid.Timestamp(t)
	if ms == g.lastMS {
		id := g.last
		lo := binary.BigEndian.Uint64(id[8:]) + 1 + g.r.Uint64()>>40
		binary.BigEndian.PutUint64(id[8:], lo)
		if lo > binary.BigEndian.Uint64(g.last[8:]) {
			g.last = id
			return id.String()
		}
	}
	id := ulid.MustNew(ms, g.r)
	g.last, g.lastMS = id, ms
	return id.String()
}

func (g *generator) logf(format string, args ...any) {
	if g.o.Log != nil {
		fmt.Fprintf(g.o.Log, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, args...)...)
	}
}

// setUp makes the store's schema, settings, staff and catalogue through the store itself.
func (g *generator) setUp(ctx context.Context, url, dataDir string) error {
	db, err := sqlstore.Open(ctx, url, dataDir)
	if err != nil {
		return err
	}
	defer db.Close()
	if g.o.PasswordCost > 0 {
		db.BcryptCost = g.o.PasswordCost
	}
	g.passwordCost = db.BcryptCost
	if n, err := db.DemoProducts(ctx); err != nil || n > 0 {
		return cmpErr(err, errors.New("scale: the store is not empty"))
	}
	fresh := catalogue.Settings("NPR")
	if _, err := db.KeepCurrency(ctx, "NPR", fresh); err != nil {
		return err
	}
	if g.settings, err = db.StoreSettings(ctx); err != nil {
		return err
	}
	// Windows of two hours from 07:00 to 20:00, offered until an hour before they start, each with
	// room for half as many orders again as the busiest day brings it.
	days := g.o.Years * 365
	busiest := float64(g.o.Orders) / days * g.o.Growth / (1 + (g.o.Growth-1)/2)
	var ws []slots.Window
	for _, start := range []int{7, 9, 11, 14, 16, 18} {
		ws = append(ws, slots.Window{Start: start * 60, End: start*60 + 120, Cutoff: 60,
			Capacity: max(20, int(busiest*1.5/6)+1)})
	}
	if g.windows, err = db.SetDeliveryWindows(ctx, ws); err != nil {
		return err
	}
	if err := db.UpsertSeller(ctx, OwnerEmail, OwnerPassword); err != nil {
		return err
	}
	owner, err := db.AuthenticateSeller(ctx, OwnerEmail, OwnerPassword)
	if err != nil {
		return err
	}
	g.owner = haat.StaffActor(owner)
	for i := range 3 {
		p, err := db.AddStaff(ctx, staff.NewMember{Name: firstNames[i*7] + " " + lastNames[i], Email: fmt.Sprintf("packer%d@haat.example", i+1),
			Role: haat.StaffPacker, Password: OwnerPassword})
		if err != nil {
			return err
		}
		g.packers = append(g.packers, haat.StaffActor(p))
	}
	for i := range 12 {
		p, err := db.AddStaff(ctx, staff.NewMember{Name: firstNames[i*5+1], Phone: mobile(g.r), Role: haat.StaffRider, Password: OwnerPassword})
		if err != nil {
			return err
		}
		g.riders = append(g.riders, haat.OrderRider{ID: p.ID, Name: p.Name, Phone: p.Phone})
	}
	g.logf("settings and %d staff", 1+len(g.packers)+len(g.riders))
	products, err := catalogue.Many("NPR", g.o.Products)
	if err != nil {
		return err
	}
	if _, err := db.SeedCatalogue(ctx, products); err != nil {
		return err
	}
	g.logf("%d products", len(products))
	all, err := db.SellerProducts(ctx)
	if err != nil {
		return err
	}
	for _, p := range all {
		if p.InStock {
			g.products = append(g.products, p)
		}
	}
	sort.Slice(g.products, func(i, j int) bool { return g.products[i].ID < g.products[j].ID })
	g.rep.Products = len(all)
	return nil
}

func cmpErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// The tables the generator fills, with the columns the store writes.
var (
	usersTable     = &table{"users", []string{"id", "name", "email", "email_key", "password_hash", "created_at"}}
	addressesTable = &table{"addresses", []string{"id", "user_id", "first_name", "last_name", "email", "street", "city", "state",
		"zipcode", "country", "phone", "district", "ward", "landmark", "created_at", "is_default"}}
	ordersTable = &table{"orders", []string{"id", "number", "user_id", "address_id", "amount", "currency", "delivery_fee", "tax_rule",
		"payment_type", "status", "is_paid", "created_at", "updated_at", "subtotal", "tax", "taxable", "exempt", "adjustments",
		"promised_by", "credit_used", "to_pay", "replaces", "coupon", "address_first_name", "address_last_name", "address_email",
		"address_street", "address_city", "address_state", "address_zipcode", "address_country", "address_phone",
		"address_district", "address_ward", "address_landmark", "slot_day", "slot_window", "slot_start", "slot_end", "slot_taken",
		"rider_id", "rider_name", "rider_phone", "handover_code", "handover_tries", "proof", "test_payment"}}
	itemsTable = &table{"order_items", []string{"order_id", "position", "product_id", "unit_price", "quantity", "product_name",
		"product_category", "product_images", "product_name_ne", "vat_exempt", "amount", "step", "substitute", "product_size",
		"packed_quantity", "packed_grams", "billed"}}
	eventsTable   = &table{"order_events", []string{"id", "order_id", "status", "at", "by_id", "by_name", "by_role", "note"}}
	attemptsTable = &table{"payment_attempts", []string{"id", "order_id", "provider", "reference", "amount", "currency", "state",
		"created_at", "updated_at", "refund", "refund_reference"}}
	slotsTable = &table{"slot_places", []string{"day", "window_id", "taken"}}
)

// fill writes the shoppers, their addresses and their orders.
func (g *generator) fill() error {
	if err := g.addShoppers(); err != nil {
		return err
	}
	g.logf("%d shoppers", len(g.shoppers))
	if err := g.addOrders(); err != nil {
		return err
	}
	// The catalogue is the grocer's own, not the demo's, and older than the orders.
	if err := g.s.exec(`UPDATE products SET demo = FALSE, created_at = $1 - (SELECT MAX(created_at) FROM products) + created_at`,
		g.start().Add(-30*24*time.Hour).UnixMilli()); err != nil {
		return err
	}
	// The seller counts the units of some products (the rest are uncounted): a few run low.
	counted := g.products[:min(len(g.products), 300)]
	for i, p := range counted {
		if err := g.s.exec(`UPDATE products SET stock = $1 WHERE id = $2`, (i*37)%200, p.ID); err != nil {
			return err
		}
	}
	return g.s.exec(`UPDATE counters SET value = $1 WHERE name = 'order_number'`, firstNumber-1+int64(g.o.Orders))
}

// firstNumber is the number the store gives its first order.
const firstNumber = 10001

// span is the time the orders cover, and start when it begins.
func (g *generator) start() time.Time {
	return g.o.Now.Add(-time.Duration(g.o.Years * 365 * 24 * float64(time.Hour)))
}

// at is the time a fraction u of the way through the years, the store growing as it goes: with
// growth G, the days at the end bring G times the orders of those at the start.
func (g *generator) at(p float64) time.Time {
	k := g.o.Growth - 1
	u := p
	if k > 0 {
		u = (-1 + math.Sqrt(1+2*k*p*(1+k/2))) / k
	}
	span := g.o.Now.Sub(g.start())
	return g.start().Add(time.Duration(u * float64(span)))
}

// addShoppers writes the shoppers, signed up over the years as the store grew, each with a
// saved address (some with two); the heavy ones signed up first.
func (g *generator) addShoppers() error {
	hash, err := bcrypt.GenerateFromPassword([]byte(ShopperPassword), g.passwordCost)
	if err != nil {
		return err
	}
	times := make([]time.Time, g.o.Shoppers)
	for i := range times {
		times[i] = g.at(g.r.Float64())
	}
	slices.SortFunc(times, func(a, b time.Time) int { return a.Compare(b) })
	// The heavy shoppers are the store's first, signed up the day before its first order, with
	// the first of the others.
	for i := range min(g.o.Heavy+1, len(times)) {
		times[i] = g.start().Add(-24*time.Hour + time.Duration(i)*time.Minute)
	}
	g.shoppers = make([]shopper, g.o.Shoppers)
	for i, t := range times {
		p := newPerson(g.r, i+1)
		sh := shopper{id: g.id(t), name: p.first + " " + p.last, createdAt: t}
		if err := g.s.add(usersTable, sh.id, sh.name, p.email, p.email, string(hash), t.UnixMilli()); err != nil {
			return err
		}
		n := 1
		if g.r.IntN(10) == 0 {
			n = 2
		}
		for j := range n {
			a := address(g.r, p)
			if j > 0 {
				// A second address: work, or family's.
				a = address(g.r, person{first: p.first, last: p.last, email: p.email, phone: mobile(g.r)})
			}
			if err := a.Validate(); err != nil {
				return fmt.Errorf("scale: address %+v: %w", a, err)
			}
			at := t.Add(time.Duration(j) * 24 * time.Hour * time.Duration(1+g.r.IntN(60)))
			if j == 0 {
				at = t.Add(time.Minute)
			}
			a.ID, a.UserID = g.id(at), sh.id
			if err := g.s.add(addressesTable, a.ID, a.UserID, a.FirstName, a.LastName, a.Email, a.Street, a.City, a.State,
				a.Zipcode, a.Country, a.Phone, a.District, a.Ward, a.Landmark, at.UnixMilli(), false); err != nil {
				return err
			}
			g.rep.Addresses++
			if j == 0 {
				sh.address = a
			}
		}
		g.shoppers[i] = sh
		if i < g.o.Heavy && g.rep.HeavyShopper == "" {
			g.rep.HeavyShopper, g.rep.HeavyShopperID = p.email, sh.id
		}
	}
	g.rep.Shoppers = len(g.shoppers)
	return nil
}

// hourWeights is how the orders of a day spread over its hours (store time), from 06:00 to 21:59.
var hourWeights = []int{1, 3, 5, 6, 6, 5, 4, 4, 4, 4, 5, 6, 7, 6, 4, 2}

// orderTimes draws when each order is placed: its day as the store grew, its hour as shoppers
// shop, never after now; oldest first.
func (g *generator) orderTimes() []time.Time {
	total := 0
	for _, w := range hourWeights {
		total += w
	}
	times := make([]time.Time, g.o.Orders)
	for i := range times {
		for {
			day := haat.StartOfDay(g.at(g.r.Float64()))
			pick, h := g.r.IntN(total), 0
			for pick >= hourWeights[h] {
				pick -= hourWeights[h]
				h++
			}
			t := day.Add(time.Duration(6+h)*time.Hour + time.Duration(g.r.Int64N(int64(time.Hour))))
			if t.Before(g.o.Now) && t.After(g.start()) {
				times[i] = t.Truncate(time.Millisecond)
				break
			}
		}
	}
	slices.SortFunc(times, func(a, b time.Time) int { return a.Compare(b) })
	return times
}

// addOrders writes the orders, oldest first, numbered as the store numbers them.
func (g *generator) addOrders() error {
	times := g.orderTimes()
	// Each heavy shopper places HeavyOrders of them, at times drawn among all.
	heavy := map[int]int{}
	for h := range g.o.Heavy {
		for n := 0; n < g.o.HeavyOrders; {
			i := g.r.IntN(len(times))
			if _, taken := heavy[i]; !taken {
				heavy[i] = h
				n++
			}
		}
	}
	taken := map[string]int{}
	signedUp := 0
	for i, t := range times {
		for signedUp < len(g.shoppers) && !g.shoppers[signedUp].createdAt.After(t) {
			signedUp++
		}
		var sh *shopper
		if h, ok := heavy[i]; ok {
			sh = &g.shoppers[h]
		} else {
			// Shoppers who signed up earlier come back more often.
			first := min(g.o.Heavy, len(g.shoppers)-1)
			n := max(1, signedUp-first)
			sh = &g.shoppers[first+int(float64(n)*math.Pow(g.r.Float64(), 1.6))]
		}
		if err := g.addOrder(sh, t, firstNumber+int64(i), taken); err != nil {
			return err
		}
		if (i+1)%100000 == 0 {
			g.logf("%d orders", i+1)
		}
	}
	for id, n := range taken {
		day, window, _ := haat.ParseSlotID(id)
		if err := g.s.add(slotsTable, day, window, n); err != nil {
			return err
		}
	}
	g.rep.Orders = len(times)
	return nil
}

// Providers of the online payments, as the store names them.
var providers = []string{"esewa", "esewa", "khalti"}

// addOrder writes one order of sh placed at t, and what happened to it by now.
func (g *generator) addOrder(sh *shopper, t time.Time, number int64, taken map[string]int) error {
	r := g.r
	// What the shopper asks for: a few lines, the store's popular products more often.
	lines := 1 + min(24, int(r.ExpFloat64()*5))
	var ask []haat.OrderLine
	facts := haat.OrderFacts{Addresses: []haat.Address{sh.address}, Products: map[string]haat.Product{}, Settings: g.settings}
	for range lines {
		p := g.products[int(float64(len(g.products))*math.Pow(r.Float64(), 2.5))]
		if _, dup := facts.Products[p.ID]; dup {
			continue
		}
		facts.Products[p.ID] = p
		q := 1 + int(r.ExpFloat64()*0.8)
		if p.Step > 0 {
			q = 1 + r.IntN(4)
		}
		ask = append(ask, haat.OrderLine{ProductID: p.ID, Quantity: min(q, 10)})
	}
	pay := haat.PaymentCOD
	if r.IntN(100) < 35 {
		pay = haat.PaymentOnline
	}
	// The slot: the first open one, or one later on.
	facts.Slots = slots.Of(g.windows, taken, t)
	var open []haat.Slot
	for _, s := range facts.Slots {
		if s.State == haat.SlotOpen {
			open = append(open, s)
		}
	}
	if len(open) == 0 {
		return fmt.Errorf("scale: no delivery slot open at %s (more orders than the windows take)", t)
	}
	slot := open[0]
	if r.IntN(10) < 4 {
		slot = open[r.IntN(len(open))]
	}
	order, err := haat.PriceOrder(haat.NewOrder{UserID: sh.id, AddressID: sh.address.ID, PaymentType: pay, Lines: ask,
		Currency: "NPR", SlotID: slot.ID}, facts)
	if err != nil {
		return fmt.Errorf("scale: price order: %w", err)
	}
	order.ID, order.Number = g.id(t), number
	order.Place(t)
	taken[slot.ID]++
	shopperActor := haat.Actor{ID: sh.id, Role: haat.ActorShopper}
	var events []event
	step := func(at time.Time, s haat.OrderStep, by haat.Actor, note string) {
		events = append(events, event{at: at, step: s, by: by, note: note})
		order.UpdatedAt = at
	}
	step(t, haat.StepPlaced, shopperActor, "")
	end, _ := order.Slot.SlotEnd()
	start := end.Add(-time.Duration(order.Slot.End-order.Slot.Start) * time.Minute)
	now := g.o.Now
	var attempt *attemptRow
	slotTaken := true
	if pay == haat.PaymentOnline {
		attempt = &attemptRow{id: g.id(t.Add(3 * time.Second)), provider: providers[r.IntN(len(providers))], amount: order.ToPay,
			state: haat.PaymentPaid, created: t.Add(3 * time.Second)}
		attempt.reference = reference(r, attempt.provider)
		paidAt := t.Add(time.Duration(20+r.IntN(100)) * time.Second)
		switch {
		case r.IntN(100) < 4 && now.Sub(t) > 24*time.Hour:
			// Never paid: its time to pay ran out, and the store cancelled it.
			expired := t.Add(30 * time.Minute)
			attempt.state, attempt.updated = haat.PaymentExpired, expired
			order.Status = haat.StatusCancelled
			step(expired, haat.StepCancelled, haat.Actor{Role: haat.ActorStore}, haat.NoteUnpaid)
			slotTaken = false
			return g.write(order, events, attempt, slotTaken, taken)
		case paidAt.After(now):
			attempt.state, attempt.updated = haat.PaymentPending, attempt.created
			order.Status = haat.StatusAwaitingPayment
			return g.write(order, events, attempt, slotTaken, taken)
		}
		attempt.updated = paidAt
		order.IsPaid, order.Status = true, haat.StatusOrderPlaced
		step(paidAt, haat.StepPaid, haat.Actor{Name: attempt.provider, Role: haat.ActorPayment}, "")
	}
	// Cancelled before packing: by the shopper, or by the seller (out of an item, no answer).
	packedAt := start.Add(-time.Duration(30+r.IntN(60)) * time.Minute)
	if earliest := order.UpdatedAt.Add(10 * time.Minute); packedAt.Before(earliest) {
		packedAt = earliest
	}
	if c := r.IntN(1000); c < 45 {
		at := order.UpdatedAt.Add(time.Duration(1+r.IntN(30)) * time.Minute)
		if at.Before(packedAt) && at.Before(now) {
			by := shopperActor
			if c >= 30 {
				by = g.owner
			}
			order.Status = haat.StatusCancelled
			step(at, haat.StepCancelled, by, "")
			slotTaken = false
			if attempt != nil {
				// Paid online: the money goes back.
				attempt.refund = haat.RefundDue
				if back := at.Add(time.Duration(2+r.IntN(46)) * time.Hour); back.Before(now) {
					attempt.refund, attempt.refundReference = haat.RefundRefunded, "RF-"+reference(r, attempt.provider)
					step(back, haat.StepRefunded, g.owner, attempt.refundReference)
				}
			}
			return g.write(order, events, attempt, slotTaken, taken)
		}
	}
	if packedAt.After(now) {
		return g.write(order, events, attempt, slotTaken, taken)
	}
	// Packed as asked, each line weighed or counted.
	shelf := haat.Shelf{}
	pack := make([]haat.PackLine, len(order.Items))
	for i, it := range order.Items {
		shelf[it.Product.ID] = facts.Products[it.Product.ID]
		q := it.Quantity
		pack[i] = haat.PackLine{Product: it.Product.ID, Quantity: &q}
		if it.Product.Step > 0 {
			grams := it.Quantity * it.Product.Step
			pack[i] = haat.PackLine{Product: it.Product.ID, Grams: &grams}
		}
	}
	packed, bill, err := order.Pack(pack, shelf, packedAt)
	if err != nil {
		return fmt.Errorf("scale: pack order: %w", err)
	}
	for i := range order.Items {
		order.Items[i].Packed = &packed[i]
	}
	order.SetBill(bill)
	order.Status = haat.StatusPacked
	step(packedAt, haat.StepPacked, g.packers[r.IntN(len(g.packers))], "")
	outAt := start.Add(-time.Duration(r.IntN(20)) * time.Minute)
	if !outAt.After(packedAt) {
		outAt = packedAt.Add(5 * time.Minute)
	}
	if outAt.After(now) {
		return g.write(order, events, attempt, slotTaken, taken)
	}
	rider := g.riders[r.IntN(len(g.riders))]
	order.Rider = &rider
	step(outAt, haat.StepAssigned, g.owner, rider.Name)
	order.Status = haat.StatusOutForDelivery
	order.HandoverCode = haat.NewHandoverCode()
	step(outAt, haat.StepOutForDelivery, g.owner, "")
	// Most arrive within their slot; some late.
	deliveredAt := start.Add(time.Duration(r.Int64N(int64(end.Sub(start)))))
	if r.IntN(100) < 6 {
		deliveredAt = end.Add(time.Duration(1+r.IntN(50)) * time.Minute)
	}
	if !deliveredAt.After(outAt) {
		deliveredAt = outAt.Add(time.Duration(5+r.IntN(30)) * time.Minute)
	}
	if deliveredAt.After(now) {
		return g.write(order, events, attempt, slotTaken, taken)
	}
	riderActor := haat.Actor{ID: rider.ID, Name: rider.Name, Role: string(haat.StaffRider)}
	if order.PaymentType == haat.PaymentCOD {
		order.IsPaid = true
		step(deliveredAt, haat.StepPaid, riderActor, "")
	}
	order.Status, order.Proof, order.HandoverCode = haat.StatusDelivered, &haat.Proof{Method: haat.ProofCode}, ""
	step(deliveredAt, haat.StepDelivered, riderActor, "")
	return g.write(order, events, attempt, slotTaken, taken)
}

// event is a step of an order's history.
type event struct {
	at   time.Time
	step haat.OrderStep
	by   haat.Actor
	note string
}

// attemptRow is an online payment of an order.
type attemptRow struct {
	id, provider, reference string
	amount                  haat.Money
	state                   haat.AttemptState
	created, updated        time.Time
	refund                  haat.RefundStatus
	refundReference         string
}

// reference draws a provider's id of a payment.
func reference(r *Draw, provider string) string {
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	n := 22
	if provider == "esewa" {
		n = 10
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = letters[r.IntN(len(letters))]
	}
	return string(b)
}

// write writes the order as it is now, with its items, history and payment. A cancelled order
// gave its slot's place back.
func (g *generator) write(o *haat.Order, events []event, a *attemptRow, slotTaken bool, taken map[string]int) error {
	if !slotTaken {
		taken[o.Slot.ID]--
	}
	b := o.Bill
	adjustments, err := json.Marshal(b.Adjustments)
	if err != nil {
		return err
	}
	var riderID, proof any
	var rider haat.OrderRider
	if o.Rider != nil {
		riderID, rider = o.Rider.ID, *o.Rider
	}
	if o.Proof != nil {
		p, _ := json.Marshal(o.Proof)
		proof = string(p)
	}
	ad := o.Address
	_, window, _ := haat.ParseSlotID(o.Slot.ID)
	if err := g.s.add(ordersTable, o.ID, o.Number, o.UserID, ad.ID, b.Total, string(o.Currency), b.DeliveryFee, string(b.TaxRule),
		string(o.PaymentType), string(o.Status), o.IsPaid, o.CreatedAt.UnixMilli(), o.UpdatedAt.UnixMilli(), b.Subtotal, b.Tax,
		b.Taxable, b.Exempt, string(adjustments), o.PromisedBy.UnixMilli(), o.CreditUsed, o.ToPay, nil, nil,
		ad.FirstName, ad.LastName, ad.Email, ad.Street, ad.City, ad.State, ad.Zipcode, ad.Country, ad.Phone, ad.District, ad.Ward, ad.Landmark,
		o.Slot.Day, window, o.Slot.Start, o.Slot.End, boolInt(slotTaken), riderID, rider.Name, rider.Phone, o.HandoverCode, 0, proof,
		false); err != nil {
		return err
	}
	billed, err := o.BilledLines()
	if err != nil {
		return err
	}
	for i, it := range o.Items {
		images, _ := json.Marshal(it.Product.Image)
		var packedQuantity, packedGrams any
		if it.Packed != nil {
			packedQuantity = it.Packed.Quantity
			if it.Product.SoldBy == haat.SoldByWeight {
				packedGrams = it.Packed.Grams
			}
		}
		if err := g.s.add(itemsTable, o.ID, i, it.Product.ID, it.Product.OfferPrice, it.Quantity, it.Product.Name,
			string(it.Product.Category), string(images), it.Product.NameNe, it.Product.VATExempt, b.Lines[i], it.Product.Step,
			string(it.Substitute), it.Product.Size, packedQuantity, packedGrams, billed[i]); err != nil {
			return err
		}
		g.rep.Items++
	}
	for _, e := range events {
		if err := g.s.add(eventsTable, g.id(e.at), o.ID, string(e.step), e.at.UnixMilli(), e.by.ID, e.by.Name, e.by.Role, e.note); err != nil {
			return err
		}
		g.rep.Events++
	}
	if a != nil {
		if err := g.s.add(attemptsTable, a.id, o.ID, a.provider, a.reference, a.amount, string(o.Currency), string(a.state),
			a.created.UnixMilli(), a.updated.UnixMilli(), string(a.refund), a.refundReference); err != nil {
			return err
		}
		g.rep.Payments++
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// finish leaves the store as a store of that age would be: on SQLite, its write-ahead log folded
// into the database file; on PostgreSQL, vacuumed and analysed, as autovacuum keeps a live store.
// SQLite gets no ANALYZE: the store never runs one, so its plans must not need one.
func finish(ctx context.Context, url, path string) error {
	s, err := openSink(ctx, url, path)
	if err != nil {
		return err
	}
	q := `PRAGMA wal_checkpoint(TRUNCATE)`
	if url != "" {
		q = `VACUUM ANALYZE`
	}
	err = s.exec(q)
	if cerr := s.close(); err == nil {
		err = cerr
	}
	return err
}
