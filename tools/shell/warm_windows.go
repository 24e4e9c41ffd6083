package shell

import (
	"errors"
	"os"
)

// warmShells is false, errNoWarm says why: a spare reads its command from a descriptor it inherits beside
// its standard ones, which Windows cannot hand to a child (exec.Cmd's
// ExtraFiles), so every command starts cold there.
const warmShells = false

var errNoWarm = errors.New("no warm shells on Windows")

func startSpare(string, os.FileInfo, []string) (*spare, error) { return nil, errNoWarm }
