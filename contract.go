package haat

// The storefront's web/src/lib/contract.ts is written from this package's categories, statuses,
// limits, tax rule and types, and from the API's JSON shapes, by cmd/tsgen: after changing any of
// them, run `go generate ./...` at the repository root.
//go:generate go run ./cmd/tsgen
