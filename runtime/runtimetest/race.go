//go:build race

package runtimetest

// raceEnabled reports whether the race detector is on. It makes both
// engines 5–20 times slower, so Slow cases skip themselves under it.
const raceEnabled = true
