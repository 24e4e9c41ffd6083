//go:build race

// Package racecheck tells tests whether the race detector is on. It slows
// the transpiled QuickJS engine about twentyfold, so tests of timing bounds
// relax them under -race; a separate run without it (make check) holds the
// real bounds.
package racecheck

// Enabled reports whether this binary was built with -race.
const Enabled = true
