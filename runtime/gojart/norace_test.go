//go:build !race

package gojart

const raceEnabled = false
