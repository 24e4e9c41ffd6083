package search

import (
	"fmt"
	"strings"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/search/internal/walk"
)

// Coverage is what a search or find looked at and what it left out, so
// that an empty answer says whether there was nothing to find or the
// call never looked (an ignored directory, a binary file, a hidden one).
// A search page that stopped early (nextSkip) or a find that timed out
// counts what it walked.
type Coverage struct {
	Scanned      int      `json:"scanned" jsonschema:"search: the files read and searched; find: the files and directories listed"`
	Ignored      int      `json:"ignored,omitempty" jsonschema:"files and directories .gitignore rules left out, not entered (gitignore: false includes them)"`
	IgnoredPaths []string `json:"ignoredPaths,omitempty" jsonschema:"the first three of them, in path order"`
	Hidden       int      `json:"hidden,omitempty" jsonschema:"hidden files and directories left out (hidden: true includes them)"`
	Pruned       int      `json:"pruned,omitempty" jsonschema:".git and node_modules directories not entered (name one in paths to include it)"`
}

// SearchCoverage is a search's Coverage and the files it read but skipped.
type SearchCoverage struct {
	Coverage
	Binary   int `json:"binary,omitempty" jsonschema:"files with a match skipped as binary (they hold a NUL byte)"`
	TooLarge int `json:"tooLarge,omitempty" jsonschema:"files over 4 MiB not searched (skippedFiles names them)"`
}

// addSkips adds what a walk left out.
func (c *Coverage) addSkips(env *tools.Env, s walk.Skips) {
	c.Ignored += s.Ignored
	c.Hidden += s.Hidden
	c.Pruned += s.Pruned
	for _, p := range s.IgnoredPaths {
		if len(c.IgnoredPaths) == 3 {
			break
		}
		if dir, ok := strings.CutSuffix(p, "/"); ok {
			c.IgnoredPaths = append(c.IgnoredPaths, env.Display(dir)+"/")
		} else {
			c.IgnoredPaths = append(c.IgnoredPaths, env.Display(p))
		}
	}
}

// text says what an empty answer covered: "searched 120 files in src;
// not searched: 3 paths .gitignore ignores (dist/, …), …".
func (c SearchCoverage) text(verb, unit, scope string) string {
	var b strings.Builder
	if scope == "." {
		scope = "the workspace"
	}
	fmt.Fprintf(&b, "%s %s in %s", verb, plural(c.Scanned, unit), scope)
	var left []string
	if c.Ignored > 0 {
		s := plural(c.Ignored, "path") + " .gitignore ignores"
		if len(c.IgnoredPaths) > 0 {
			s += " (" + strings.Join(c.IgnoredPaths, ", ")
			if c.Ignored > len(c.IgnoredPaths) {
				s += ", …"
			}
			s += "; gitignore: false includes them)"
		}
		left = append(left, s)
	}
	if c.Hidden > 0 {
		left = append(left, plural(c.Hidden, "hidden path")+" (hidden: true includes them)")
	}
	if c.Pruned > 0 {
		left = append(left, plural(c.Pruned, ".git or node_modules directory")+" (name one in paths to include it)")
	}
	if c.Binary > 0 {
		left = append(left, plural(c.Binary, "binary file")+" with a match")
	}
	if c.TooLarge > 0 {
		left = append(left, plural(c.TooLarge, "file")+" over 4 MiB")
	}
	if len(left) > 0 {
		b.WriteString("; left out: " + strings.Join(left, ", "))
	}
	return b.String()
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	if strings.HasSuffix(unit, "directory") {
		return fmt.Sprintf("%d %s", n, strings.TrimSuffix(unit, "y")+"ies")
	}
	return fmt.Sprintf("%d %ss", n, unit)
}
