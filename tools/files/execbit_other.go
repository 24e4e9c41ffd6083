//go:build !windows

package files

// hasExecBit: a shebang file is made executable (chmod +x) here.
const hasExecBit = true
