package api

// RouteRoles gives tests the route table: each route's pattern and who may call it ("" anyone,
// "user" shoppers, a part of the seller area (haat.Access) its staff, "callback" a payment provider's).
func (s *Server) RouteRoles() map[string]string {
	roles := map[string]string{}
	for _, rt := range s.routes() {
		roles[rt.pattern] = rt.role
	}
	return roles
}
