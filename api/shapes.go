package api

import (
	"reflect"
	"strings"

	"haat"
	"haat/payment"
)

// Shapes are what a route takes and answers, as Go types whose JSON encoding/json reads and
// writes: the store's OpenAPI description (GET /api/openapi.json) is written from them.
type Shapes struct {
	// Query is a struct whose fields, by their JSON names, are the query parameters of a GET route.
	Query reflect.Type
	// Request is the JSON body of a POST; with Form, the fields of its multipart form.
	Request reflect.Type
	Form    bool
	// Answer is the JSON answer of 200; nil for an answer that is not JSON, whose type Media says.
	Answer reflect.Type
	Media  string
}

// of is the type T, for the table of shapes.
func of[T any]() reflect.Type { return reflect.TypeFor[T]() }

// routeShapes are the shapes of every route of the table, by its pattern; a route without them
// fails TestRouteShapes. The payment providers' routes answer pages and redirects, not JSON, and
// have none.
var routeShapes = map[string]Shapes{
	"GET /api/config":       {Answer: of[ConfigResponse]()},
	"GET /api/settings":     {Answer: of[SettingsResponse]()},
	"GET /api/openapi.json": {Media: "application/json"},

	"POST /api/user/register":               {Request: of[RegisterRequest](), Answer: of[UserResponse]()},
	"POST /api/user/login":                  {Request: of[LoginRequest](), Answer: of[UserResponse]()},
	"GET /api/user/is-auth":                 {Answer: of[UserResponse]()},
	"GET /api/user/session":                 {Answer: of[UserSessionResponse]()},
	"GET /api/user/logout":                  {Answer: of[MessageResponse]()},
	"GET /api/user/alerts":                  {Answer: of[UserAlertsResponse]()},
	"POST /api/user/otp/send":               {Request: of[OTPSendRequest](), Answer: of[OTPSendResponse]()},
	"POST /api/user/otp/verify":             {Request: of[OTPVerifyRequest](), Answer: of[OTPVerifyResponse]()},
	"POST /api/user/name":                   {Request: of[NameRequest](), Answer: of[UserResponse]()},
	"POST /api/user/language":               {Request: of[LanguageRequest](), Answer: of[MessageResponse]()},
	"POST /api/user/notifications":          {Request: of[haat.NotificationChoice](), Answer: of[NotificationsResponse]()},
	"POST /api/user/password":               {Request: of[PasswordRequest](), Answer: of[MessageResponse]()},
	"POST /api/user/password/reset":         {Request: of[ResetSendRequest](), Answer: of[ResetSendResponse]()},
	"POST /api/user/password/reset/confirm": {Request: of[ResetConfirmRequest](), Answer: of[MessageResponse]()},
	"POST /api/user/email":                  {Request: of[EmailRequest](), Answer: of[UserResponse]()},
	"POST /api/user/phone":                  {Request: of[PhoneRequest](), Answer: of[UserResponse]()},
	"POST /api/user/logout-all":             {Answer: of[MessageResponse]()},
	"GET /api/user/export":                  {Answer: of[AccountExportResponse]()},
	"POST /api/user/delete":                 {Request: of[CloseAccountRequest](), Answer: of[MessageResponse]()},
	"POST /api/seller/login":                {Request: of[LoginRequest](), Answer: of[SellerResponse]()},
	"GET /api/seller/auth-seller":           {Answer: of[SellerResponse]()},
	"GET /api/seller/is-auth":               {Answer: of[SellerResponse]()},
	"GET /api/seller/session":               {Answer: of[SellerSessionResponse]()},
	"POST /api/seller/language":             {Request: of[LanguageRequest](), Answer: of[MessageResponse]()},
	"GET /api/seller/logout":                {Answer: of[MessageResponse]()},
	"GET /api/seller/products":              {Query: of[SellerProductsQuery](), Answer: of[SellerProductsResponse]()},
	"GET /api/seller/dashboard":             {Answer: of[DashboardResponse]()},
	"GET /api/seller/slots":                 {Answer: of[DeliveryWindowsResponse]()},
	"POST /api/seller/slots":                {Request: of[DeliveryWindowsRequest](), Answer: of[DeliveryWindowsResponse]()},
	"POST /api/seller/settings":             {Request: of[haat.StoreSettings](), Answer: of[SettingsResponse]()},
	"GET /api/seller/synonyms":              {Answer: of[SynonymsResponse]()},
	"POST /api/seller/synonyms":             {Request: of[SynonymsRequest](), Answer: of[SynonymsResponse]()},
	"POST /api/seller/logo":                 {Request: of[LogoForm](), Form: true, Answer: of[SettingsResponse]()},
	"GET /api/seller/order/invoice":         {Query: of[SellerInvoiceQuery](), Answer: of[InvoiceResponse]()},
	"POST /api/seller/demo/remove":          {Answer: of[DemoRemoveResponse]()},
	"GET /api/seller/checklist":             {Answer: of[ChecklistResponse]()},

	"GET /api/product/list":       {Answer: of[ProductListResponse]()},
	"GET /api/product/search":     {Query: of[ProductSearchQuery](), Answer: of[ProductSearchResponse]()},
	"GET /api/product/get":        {Query: of[ProductGetQuery](), Answer: of[ProductGetResponse]()},
	"POST /api/product/add":       {Request: of[ProductForm](), Form: true, Answer: of[ProductAddResponse]()},
	"POST /api/product/stock":     {Request: of[ProductStockRequest](), Answer: of[MessageResponse]()},
	"POST /api/product/update":    {Request: of[ProductUpdateForm](), Form: true, Answer: of[ProductUpdateResponse]()},
	"POST /api/product/archive":   {Request: of[ProductArchiveRequest](), Answer: of[MessageResponse]()},
	"POST /api/product/import":    {Request: of[ProductImportForm](), Form: true, Answer: of[ProductImportResponse]()},
	"GET /api/product/export.csv": {Media: "text/csv"},

	"GET /api/seller/subscribers.csv": {Media: "text/csv"},
	"GET /api/seller/staff":           {Answer: of[StaffListResponse]()},
	"POST /api/seller/staff":          {Request: of[StaffRequest](), Answer: of[StaffResponse]()},
	"POST /api/seller/staff/role":     {Request: of[StaffRoleRequest](), Answer: of[StaffResponse]()},
	"POST /api/seller/staff/remove":   {Request: of[StaffRemoveRequest](), Answer: of[MessageResponse]()},
	"POST /api/newsletter/subscribe":  {Request: of[SubscribeRequest](), Answer: of[MessageResponse]()},
	"GET /api/newsletter/confirm":     {Query: of[NewsletterTokenQuery](), Media: "text/html"},
	"GET /api/newsletter/unsubscribe": {Query: of[NewsletterTokenQuery](), Media: "text/html"},
	"POST /api/product/notify":        {Request: of[ProductNotifyRequest](), Answer: of[MessageResponse]()},

	"POST /api/cart/update": {Request: of[CartUpdateRequest](), Answer: of[CartUpdateResponse]()},
	"POST /api/cart/quote":  {Request: of[CartQuoteRequest](), Answer: of[CartQuoteResponse]()},

	"GET /api/slot/list": {Answer: of[SlotListResponse]()},

	"POST /api/address/add":     {Request: of[AddressAddRequest](), Answer: of[AddressAddResponse]()},
	"GET /api/address/get":      {Answer: of[AddressListResponse]()},
	"POST /api/address/update":  {Request: of[AddressUpdateRequest](), Answer: of[AddressUpdateResponse]()},
	"POST /api/address/delete":  {Request: of[AddressIDRequest](), Answer: of[MessageResponse]()},
	"POST /api/address/default": {Request: of[AddressIDRequest](), Answer: of[MessageResponse]()},

	"POST /api/order/cod":            {Request: of[OrderRequest](), Answer: of[MessageResponse]()},
	"POST /api/order/stripe":         {Request: of[OrderRequest](), Answer: of[PaymentPageResponse]()},
	"POST /api/order/pay":            {Request: of[OrderPayRequest](), Answer: of[PaymentPageResponse]()},
	"GET /api/order/qr":              {Query: of[OrderQRQuery](), Answer: of[OrderQRResponse]()},
	"GET /api/order/user":            {Query: of[UserOrdersQuery](), Answer: of[UserOrdersResponse]()},
	"GET /api/order/invoice":         {Query: of[OrderInvoiceQuery](), Answer: of[InvoiceResponse]()},
	"POST /api/order/cancel":         {Request: of[OrderCancelRequest](), Answer: of[UserOrderResponse]()},
	"POST /api/order/substitute":     {Request: of[OrderSubstituteRequest](), Answer: of[UserOrderResponse]()},
	"GET /api/order/seller":          {Query: of[SellerOrdersQuery](), Answer: of[SellerOrdersResponse]()},
	"GET /api/order/seller.csv":      {Query: of[SellerOrdersQuery](), Media: "text/csv"},
	"POST /api/order/status":         {Request: of[OrderChangeRequest](), Answer: of[OrderChangeResponse]()},
	"POST /api/order/pack":           {Request: of[OrderPackRequest](), Answer: of[OrderChangeResponse]()},
	"GET /api/seller/picklist":       {Query: of[PickListQuery](), Answer: of[PickListResponse]()},
	"POST /api/order/paid":           {Request: of[OrderChangeRequest](), Answer: of[OrderChangeResponse]()},
	"POST /api/order/refund":         {Request: of[OrderChangeRequest](), Answer: of[OrderChangeResponse]()},
	"POST /api/order/refunded":       {Request: of[OrderChangeRequest](), Answer: of[OrderChangeResponse]()},
	"POST /api/order/claim":          {Request: of[ClaimForm](), Form: true, Answer: of[ClaimResponse]()},
	"GET /api/order/claims":          {Answer: of[ClaimsResponse]()},
	"POST /api/seller/order/refund":  {Request: of[haat.PartRefund](), Answer: of[RefundPartResponse]()},
	"GET /api/seller/claims":         {Answer: of[ClaimsResponse]()},
	"GET /api/seller/records.csv":    {Query: of[RecordsQuery](), Media: "text/csv"},
	"POST /api/seller/claim/resolve": {Request: of[haat.ClaimDecision](), Answer: of[ClaimResponse]()},
	"POST /api/order/assign":         {Request: of[AssignRequest](), Answer: of[OrderChangeResponse]()},
	"GET /api/seller/riders":         {Answer: of[RidersResponse]()},
	"GET /api/rider/deliveries":      {Answer: of[DeliveriesResponse]()},
	"POST /api/rider/start":          {Request: of[DeliveryRequest](), Answer: of[DeliveryResponse]()},
	"POST /api/rider/delivered":      {Request: of[DeliveredRequest](), Answer: of[DeliveryResponse]()},
	"POST /api/rider/failed":         {Request: of[FailedRequest](), Answer: of[DeliveryResponse]()},
	"POST /api/rider/qr":             {Request: of[DeliveryRequest](), Answer: of[DoorQRResponse]()},
	"GET /api/rider/qr":              {Query: of[DoorQRQuery](), Answer: of[DoorQRResponse]()},

	"GET /api/seller/cash":           {Query: of[CashQuery](), Answer: of[CashResponse]()},
	"POST /api/seller/cash/handover": {Request: of[HandoverRequest](), Answer: of[HandoverResponse]()},

	"GET /api/user/credit":    {Answer: of[CreditResponse]()},
	"POST /api/seller/credit": {Request: of[GoodwillRequest](), Answer: of[GoodwillResponse]()},
	"POST /api/seller/coupon": {Request: of[CouponRequest](), Answer: of[CouponResponse]()},
	"GET /api/seller/coupons": {Answer: of[CouponsResponse]()},
}

// RouteShapes is a route of the API as its description shows it: method and path, who may call
// it (public, user, seller, or callback: a payment provider's), and its shapes.
type RouteShapes struct {
	Method, Path, Role string
	Shapes
}

// Routes lists every route of the table with its shapes, in the table's order, the routes of
// payments' providers last; with payments nil, none of those.
func Routes(payments *payment.Gateway) []RouteShapes {
	var out []RouteShapes
	for _, rt := range (&Server{Payments: payments}).routes() {
		method, path, _ := strings.Cut(rt.pattern, " ")
		role := rt.role
		if role == public {
			role = "public"
		}
		out = append(out, RouteShapes{Method: method, Path: path, Role: role, Shapes: routeShapes[rt.pattern]})
	}
	return out
}
