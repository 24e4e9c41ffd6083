//go:build !race

package runtimetest

const raceEnabled = false
