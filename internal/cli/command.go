package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// errHelpShown ends a command whose -h printed its usage: exit 0.
var errHelpShown = errors.New("help shown")

// command is one subcommand's flag set with its usage line and how many
// positional arguments it takes; parse gives every subcommand the same
// -h, flag and extra-argument behaviour.
type command struct {
	name    string
	usage   string // "atomic-script types [--tools LIST]"
	minArgs int
	maxArgs int // -1: any number
	fs      *flag.FlagSet
}

// newCommand returns a command whose flags are registered on its fs.
func newCommand(name, usage string, minArgs, maxArgs int) *command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &command{name: name, usage: usage, minArgs: minArgs, maxArgs: maxArgs, fs: fs}
}

// parse parses args, flags before or after the positional arguments, and
// returns the positional ones and those after a literal "--" (nil when
// there is none). -h prints the usage and flags on out and returns
// errHelpShown; a bad flag or a wrong number of arguments is a usage error.
func (c *command) parse(args []string, out io.Writer) (pos, rest []string, err error) {
	pos, rest, err = parseInterspersed(c.fs, args)
	if err == flag.ErrHelp {
		c.fs.SetOutput(out)
		fmt.Fprintln(out, "Usage: "+c.usage)
		c.fs.PrintDefaults()
		if topic := commandTopics[strings.Fields(c.name)[0]]; topic != "" {
			fmt.Fprintf(out, "\nMore: atomic-script help %s (docs/%s.md)\n", topic, topic)
		}
		return nil, nil, errHelpShown
	}
	if err != nil {
		return nil, nil, usagef("%s: %v", c.name, err)
	}
	switch {
	case len(pos) < c.minArgs:
		return nil, nil, usagef("%s: missing argument (usage: %s)", c.name, c.usage)
	case c.maxArgs >= 0 && len(pos) > c.maxArgs:
		return nil, nil, usagef("%s: unexpected argument %q (usage: %s)", c.name, pos[c.maxArgs], c.usage)
	}
	return pos, rest, nil
}
