//go:build cgo

package main

// cgoEnabled: this build has cgo, so the tools that parse code have
// their tree-sitter grammars (the [cgo] condition of the scripts).
const cgoEnabled = true
