package api

import (
	"net/http"

	"haat"
	"haat/addressbook"
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

// AddressListResponse is the shopper's addresses, oldest first (GET /api/address/get), and which
// of them the cart preselects.
type AddressListResponse struct {
	Addresses []haat.Address `json:"addresses"`
	// DefaultID is the _id of the shopper's default address (addressbook.Default): the one they
	// made their default, else the first; absent when they have none.
	DefaultID string `json:"defaultId,omitempty"`
	Success   bool   `json:"success"`
}

// AddressUpdateRequest replaces the fields of one of the shopper's addresses (POST
// /api/address/update), checked as a new address's are.
type AddressUpdateRequest struct {
	// ID is the address's _id; required.
	ID string `json:"id"`
	// Address is required; an _id in it is ignored.
	Address *haat.Address `json:"address" ts:"Omit<Address, '_id'>"`
}

// AddressUpdateResponse is the address as saved (POST /api/address/update).
type AddressUpdateResponse struct {
	Address haat.Address `json:"address"`
	Message string       `json:"message"`
	Success bool         `json:"success"`
}

// AddressIDRequest names one of the shopper's addresses (POST /api/address/delete, POST
// /api/address/default).
type AddressIDRequest struct {
	// ID is the address's _id; required.
	ID string `json:"id"`
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
	answer := AddressListResponse{Addresses: list, Success: true}
	if d := addressbook.Default(list); d != nil {
		answer.DefaultID = d.ID
	}
	return ok(w, answer)
}

func (s *Server) addressUpdate(w http.ResponseWriter, r *http.Request) error {
	var req AddressUpdateRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.ID == "" {
		return haat.Errorf(haat.EINVALID, "Address id is required")
	}
	if req.Address == nil {
		return haat.Errorf(haat.EINVALID, "address is required")
	}
	a := *req.Address
	a.ID, a.UserID = req.ID, subject(r.Context(), haat.RoleUser)
	if err := s.Addresses.UpdateAddress(r.Context(), &a); err != nil {
		return err
	}
	return ok(w, AddressUpdateResponse{Address: a, Message: say(w, r, "Address Updated"), Success: true})
}

func (s *Server) addressDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := addressID(w, r)
	if err != nil {
		return err
	}
	if err := s.Addresses.DeleteAddress(r.Context(), subject(r.Context(), haat.RoleUser), id); err != nil {
		return err
	}
	return ok(w, MessageResponse{Message: say(w, r, "Address Deleted"), Success: true})
}

func (s *Server) addressDefault(w http.ResponseWriter, r *http.Request) error {
	id, err := addressID(w, r)
	if err != nil {
		return err
	}
	if err := s.Addresses.SetDefaultAddress(r.Context(), subject(r.Context(), haat.RoleUser), id); err != nil {
		return err
	}
	return ok(w, MessageResponse{Message: say(w, r, "Default Address Saved"), Success: true})
}

// addressID reads the id an AddressIDRequest names.
func addressID(w http.ResponseWriter, r *http.Request) (string, error) {
	var req AddressIDRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return "", err
	}
	if req.ID == "" {
		return "", haat.Errorf(haat.EINVALID, "Address id is required")
	}
	return req.ID, nil
}
