package fsread

import "io/fs"

// PathError is the error of a failed open or read; it unwraps to the
// system error, so errors.Is(err, fs.ErrNotExist) works.
type PathError = fs.PathError
