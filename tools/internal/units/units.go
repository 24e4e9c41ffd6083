// Package units renders quantities the way the tools quote them in
// results and errors.
package units

import "fmt"

// Size renders a byte count as the read limits are quoted: 512B, 50.0KB,
// 1.5MB, 2.0GB (binary multiples).
func Size(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%dB", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1fKB", float64(n)/1024)
	case n < 1<<30:
		return fmt.Sprintf("%.1fMB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1fGB", float64(n)/(1<<30))
}
