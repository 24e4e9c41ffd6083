//go:build race

package gojart

// raceEnabled reports whether the race detector is on; it makes goja 5–10
// times slower, so the heaviest tests skip themselves.
const raceEnabled = true
