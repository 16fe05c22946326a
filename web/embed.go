// Package web embeds the built storefront. `make build` writes it to web/dist/app; without a
// build, a placeholder page in web/dist says how to make one.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// App returns the built storefront, or the placeholder page when it has not been built.
func App() fs.FS {
	if _, err := fs.Stat(dist, "dist/app/index.html"); err == nil {
		app, _ := fs.Sub(dist, "dist/app")
		return app
	}
	placeholder, _ := fs.Sub(dist, "dist")
	return placeholder
}
