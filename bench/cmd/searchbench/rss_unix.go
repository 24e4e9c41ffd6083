//go:build unix

package main

import "syscall"

// maxRSSKB is the peak resident set size in KB (getrusage; maxrssUnit per
// system).
func maxRSSKB() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return int64(ru.Maxrss) * maxrssUnit / 1024
}
