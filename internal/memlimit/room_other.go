//go:build !linux

package memlimit

// room: no limits are read on this system; the runtime's default stands.
func room() (int64, bool) { return 0, false }
