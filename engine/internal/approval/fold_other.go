//go:build !darwin && !windows

package approval

// sysFold: Linux's file systems compare names byte for byte.
var sysFold folding
