//go:build unix && !darwin

package main

// maxrssUnit: Linux's ru_maxrss counts kilobytes.
const maxrssUnit = 1024
