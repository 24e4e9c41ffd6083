//go:build windows

package pathfold

// devicesReserved: Windows opens a device for CON, NUL and the rest.
const devicesReserved = true
