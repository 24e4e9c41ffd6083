package cli

import (
	"fmt"
	"strings"

	"github.com/atomic-script/atomic-script/docs"
)

// commandTopics names the reference page (docs/TOPIC.md) that a command's
// -h points to for what its flags only list.
var commandTopics = map[string]string{
	"run":       "cli",
	"check":     "cli",
	"schema":    "cli",
	"aggregate": "ci",
	"serve":     "serve",
	"tools":     "settings",
	"types":     "script-api",
	"store":     "script-api",
}

// cmdHelp prints the usage and the list of reference topics, one topic's
// page (the docs/TOPIC.md the binary carries), or, for a command's name,
// that command's -h.
func cmdHelp(args []string, stdio Stdio) error {
	switch {
	case len(args) == 0:
		fmt.Fprint(stdio.Out, usage)
		fmt.Fprint(stdio.Out, "\nReference topics (atomic-script help TOPIC prints one):\n")
		for _, t := range docs.Topics() {
			fmt.Fprintf(stdio.Out, "  %-13s %s\n", t.Name, t.Title)
		}
		return nil
	case len(args) > 1:
		return usagef("help: one topic at a time (usage: atomic-script help [TOPIC])")
	}
	if page, ok := docs.Page(args[0]); ok {
		fmt.Fprint(stdio.Out, page)
		return nil
	}
	if _, ok := commandTopics[args[0]]; ok || args[0] == "version" {
		Main([]string{args[0], "-h"}, stdio)
		return nil
	}
	var names []string
	for _, t := range docs.Topics() {
		names = append(names, t.Name)
	}
	return usagef("help: no topic %q; the topics are %s", args[0], strings.Join(names, ", "))
}
