//go:build !unix

package gitstate

import "os"

// inodeOf: no inode to compare here.
func inodeOf(os.FileInfo, uint32) bool { return true }
