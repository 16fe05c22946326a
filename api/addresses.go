package api

import (
	"net/http"

	"haat"
)

// AddressAddRequest is a new delivery address of the shopper's (POST /api/address/add); the store
// gives it its id.
type AddressAddRequest struct {
	// Address is required; an _id in it is ignored.
	Address *haat.Address `json:"address" ts:"Omit<Address, '_id'>"`
}

// AddressAddResponse is the address saved, with its id (POST /api/address/add).
type AddressAddResponse struct {
	Address haat.Address `json:"address"`
	Message string       `json:"message"`
	Success bool         `json:"success"`
}

// AddressListResponse is the shopper's addresses, oldest first (GET /api/address/get).
type AddressListResponse struct {
	Addresses []haat.Address `json:"addresses"`
	Success   bool           `json:"success"`
}

func (s *Server) addressAdd(w http.ResponseWriter, r *http.Request) error {
	var req AddressAddRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Address == nil {
		return haat.Errorf(haat.EINVALID, "address is required")
	}
	a := *req.Address
	a.UserID = subject(r.Context(), haat.RoleUser)
	if err := s.Addresses.CreateAddress(r.Context(), &a); err != nil {
		return err
	}
	return ok(w, AddressAddResponse{Address: a, Message: say(w, r, "Address Added"), Success: true})
}

func (s *Server) addressGet(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Addresses.Addresses(r.Context(), subject(r.Context(), haat.RoleUser))
	if err != nil {
		return err
	}
	return ok(w, AddressListResponse{Addresses: list, Success: true})
}
