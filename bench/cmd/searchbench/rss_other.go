//go:build !unix

package main

// maxRSSKB is not measured here (0).
func maxRSSKB() int64 { return 0 }
