//go:build unix && !darwin

package proctest

// maxrssUnit: Linux and the BSDs report ru_maxrss in KiB.
const maxrssUnit = 1024
