//go:build !cgo

package main

// cgoEnabled: this build has no cgo, so no tree-sitter grammars.
const cgoEnabled = false
