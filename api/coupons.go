package api

import (
	"net/http"
	"time"

	"haat"
)

// CouponRequest creates a coupon or, with the _id of one, changes it (POST /api/seller/coupon).
// Amounts (value, minimumOrder) are numbers or numeric strings in the store's currency; a
// percentage's value is the percentage (10 for 10%). startsAt and endsAt are instants (RFC 3339;
// the storefront sends the store's midnight in Nepal); null for no bound, endsAt itself excluded.
// totalUses and usesPerShopper are 0 for no limit. categories and products limit the coupon to
// their goods; both empty: every line.
type CouponRequest struct {
	ID             string          `json:"_id,omitempty"`
	Code           string          `json:"code"`
	Kind           haat.CouponKind `json:"kind"`
	Value          haat.Money      `json:"value" ts:"number | string"`
	MinimumOrder   haat.Money      `json:"minimumOrder" ts:"number | string"`
	StartsAt       *time.Time      `json:"startsAt"`
	EndsAt         *time.Time      `json:"endsAt"`
	TotalUses      int             `json:"totalUses"`
	UsesPerShopper int             `json:"usesPerShopper"`
	FirstOrderOnly bool            `json:"firstOrderOnly"`
	Categories     []haat.Category `json:"categories"`
	Products       []string        `json:"products"`
	Active         bool            `json:"active"`
}

// CouponResponse is the coupon as saved, with its uses.
type CouponResponse struct {
	Coupon  haat.Coupon `json:"coupon"`
	Message string      `json:"message"`
	Success bool        `json:"success"`
}

// CouponsResponse lists the store's coupons, newest first, each with how many orders not
// cancelled use it (used) and the discount they were given (given).
type CouponsResponse struct {
	Coupons []haat.Coupon `json:"coupons"`
	Success bool          `json:"success"`
}

// sellerCoupon creates or changes a coupon.
func (s *Server) sellerCoupon(w http.ResponseWriter, r *http.Request) error {
	var req CouponRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	c, err := s.Coupons.SaveCoupon(r.Context(), haat.Coupon{ID: req.ID, Code: req.Code, Kind: req.Kind, Value: req.Value,
		MinimumOrder: req.MinimumOrder, StartsAt: req.StartsAt, EndsAt: req.EndsAt, TotalUses: req.TotalUses,
		UsesPerShopper: req.UsesPerShopper, FirstOrderOnly: req.FirstOrderOnly, Categories: req.Categories, Products: req.Products, Active: req.Active})
	if err != nil {
		return err
	}
	return ok(w, CouponResponse{Coupon: *c, Message: say(w, r, "Coupon saved"), Success: true})
}

// sellerCoupons lists the store's coupons.
func (s *Server) sellerCoupons(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Coupons.Coupons(r.Context())
	if err != nil {
		return err
	}
	return ok(w, CouponsResponse{Coupons: list, Success: true})
}
