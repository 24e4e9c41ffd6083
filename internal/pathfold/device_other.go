//go:build !windows

package pathfold

// devicesReserved: only Windows reserves device names.
const devicesReserved = false
