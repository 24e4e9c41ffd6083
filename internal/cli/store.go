package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/atomic-script/atomic-script/engine"
)

func cmdStore(args []string, stdio Stdio) error {
	if len(args) == 0 {
		return usagef("store: missing subcommand: list, get KEY, rm KEY..., export, import FILE|-")
	}
	if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
		args = []string{"list", "-h"}
	}
	sub := args[0]
	cmd := newCommand("store "+sub, "atomic-script store list|get KEY|rm KEY...|export|import FILE|- --session ID [--db FILE]", 0, -1)
	session := cmd.fs.String("session", "", "session id (required)")
	path := cmd.fs.String("db", "", "store file (default: $ATOMIC_STATE_DIR/store.db or ~/.local/state/atomic-script/store.db)")
	pos, _, err := cmd.parse(args[1:], stdio.Out)
	if err != nil {
		return err
	}
	if *session == "" {
		return usagef("store %s: --session ID is required", sub)
	}
	db, err := engine.OpenStore(*path)
	if err != nil {
		return err
	}
	defer db.Close()
	switch sub {
	case "list":
		entries, err := db.List(*session)
		if err != nil {
			return err
		}
		for _, e := range entries {
			fmt.Fprintf(stdio.Out, "%s\t%d\t%s\n", e.Key, e.Size, e.UpdatedAt.Format("2006-01-02T15:04:05Z"))
		}
	case "get":
		if len(pos) != 1 {
			return usagef("store get: give exactly one KEY")
		}
		v, ok, err := db.Get(*session, pos[0])
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("store get: session %q has no key %q", *session, pos[0])
		}
		fmt.Fprintln(stdio.Out, v)
	case "rm":
		if len(pos) == 0 {
			return usagef("store rm: give one or more KEYs")
		}
		n, err := db.Delete(*session, pos...)
		if err != nil {
			return err
		}
		if n < len(pos) {
			fmt.Fprintf(stdio.Err, "atomic-script: removed %d of %d keys (the others did not exist)\n", n, len(pos))
		}
	case "export":
		data, err := db.Export(*session)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdio.Out, "%s\n", data)
	case "import":
		if len(pos) != 1 {
			return usagef("store import: give FILE, or - for stdin")
		}
		var data []byte
		if pos[0] == "-" {
			data, err = io.ReadAll(stdio.In)
		} else {
			data, err = os.ReadFile(pos[0])
		}
		if err != nil {
			return err
		}
		n, err := db.Import(*session, data)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdio.Err, "atomic-script: imported %d keys into session %q\n", n, *session)
	default:
		return usagef("store: unknown subcommand %q (list, get, rm, export, import)", sub)
	}
	return nil
}
