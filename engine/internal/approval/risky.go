package approval

import (
	"path"
	"strings"
)

// What an allow pattern cannot vouch for. "go test *" says "go test with
// any arguments", but among those arguments are options that make go run
// another program (-exec, -toolexec) or write a file the command names
// (-o, -coverprofile): the pattern allows more than it says. The tables
// below mark such options (and such subcommands, and the wrapped program
// of xargs, env and the like) for common programs. A command matches an
// allow pattern only when every risky word in it is spelled by the
// pattern itself — a literal word, or a glob whose literal start spells
// the option ("git diff --output=*") — never when a * covers it; the
// reason goes into the ask. The tables are not exhaustive: see the
// section on allow lists in docs/security.md.

// finding is one risky word of a command: the first upto bytes of word
// idx spell it, and a pattern must spell at least that much.
type finding struct {
	idx, upto int
	why       string
}

// why texts.
const (
	runsProgram = "runs another program"
	writesFile  = "writes a file named on the command line"
)

// optRule is one risky option: its spellings ("-exec", "--output", "o"
// for a short option in a bundle) and what it does.
type optRule struct {
	names []string
	why   string
}

// progRules are one program's risky options and subcommands.
type progRules struct {
	// goFlags: options are Go flags (one or two dashes, -name=value, no
	// bundling, no abbreviations); else GNU style (long options may be
	// abbreviated, short options bundle).
	goFlags bool
	// globalOnly: options before the subcommand only (git's -c);
	// opts apply anywhere.
	global, opts []optRule
	// shortValue are the short options that take a value (the rest of a
	// bundle, or the next word, is that value).
	shortValue string
	// subs are subcommands that run programs or write files whatever
	// their options, when a * covers the subcommand's word.
	subs map[string]string
	// subOpts are risky options of one subcommand only.
	subOpts map[string][]optRule
	// globalValue are global options that take the next word as value.
	globalValue []string
	// oldBundle: the first argument may be a bundle of short options
	// without a dash (tar xzf).
	oldBundle bool
	// assigns, when set, is why a NAME=value argument is risky (make).
	assigns string
}

var programs = map[string]progRules{
	"go": {
		goFlags: true,
		opts: []optRule{
			{[]string{"-exec", "-toolexec", "-vettool"}, runsProgram},
			{[]string{"-o", "-coverprofile", "-cpuprofile", "-memprofile", "-blockprofile", "-mutexprofile", "-trace", "-outputdir", "-pkgdir", "-modfile",
				"-test.coverprofile", "-test.cpuprofile", "-test.memprofile", "-test.blockprofile", "-test.mutexprofile", "-test.trace", "-test.outputdir"}, writesFile},
		},
		subs: map[string]string{
			"generate": "runs the commands of the //go:generate lines it finds",
			"tool":     "runs a tool the module names",
			"install":  "writes programs into GOBIN, where PATH finds them",
		},
		subOpts: map[string][]optRule{"env": {{[]string{"-w", "-u"}, "writes go's environment file, whose GOFLAGS reach every later go command"}}},
	},
	"git": {
		global: []optRule{
			{[]string{"c", "--config-env"}, "sets git configuration, which names programs git runs (core.pager, core.fsmonitor, aliases)"},
			{[]string{"--exec-path", "--git-dir", "--work-tree"}, "points git at another repository or git's programs elsewhere"},
		},
		globalValue: []string{"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix"},
		opts: []optRule{
			{[]string{"--upload-pack", "--receive-pack", "--exec", "--extcmd", "--open-files-in-pager", "--ext-diff", "--template"}, runsProgram},
			{[]string{"--output", "--output-directory"}, writesFile},
		},
		subs: map[string]string{
			"config":        "writes git configuration, which names programs git runs",
			"filter-branch": "runs the filter commands it is given",
			"difftool":      "runs a diff tool",
			"mergetool":     "runs a merge tool",
		},
		subOpts: map[string][]optRule{
			"format-patch": {{[]string{"o"}, writesFile}},
			"archive":      {{[]string{"o"}, writesFile}},
			"grep":         {{[]string{"O"}, runsProgram}},
			"rebase":       {{[]string{"x"}, runsProgram}},
			"clone":        {{[]string{"u"}, runsProgram}, {[]string{"c", "--config"}, "sets configuration of the new repository, which names programs git runs"}},
			"ls-remote":    {{[]string{"u"}, runsProgram}},
			"bisect":       {{[]string{"run"}, runsProgram}},
			"submodule":    {{[]string{"foreach"}, runsProgram}},
		},
	},
	"find": {
		goFlags: true, // find's primaries are single-dash words
		opts: []optRule{
			{[]string{"-exec", "-execdir", "-ok", "-okdir"}, runsProgram},
			{[]string{"-delete"}, "deletes the files it finds"},
			{[]string{"-fprint", "-fprint0", "-fprintf", "-fls"}, writesFile},
		},
	},
	"sed": {
		opts:       []optRule{{[]string{"i", "--in-place"}, "changes the files it is given in place"}, {[]string{"f", "--file"}, "reads sed's script from a file, which may write files or run commands"}},
		shortValue: "efli",
	},
	"tar": {
		opts: []optRule{
			{[]string{"I", "F", "--to-command", "--use-compress-program", "--checkpoint-action", "--info-script", "--new-volume-script", "--rsh-command", "--rmt-command"}, runsProgram},
			{[]string{"x", "--extract", "--get"}, "writes the files of the archive"},
			{[]string{"c", "r", "u", "A", "--create", "--append", "--update", "--catenate", "--concatenate", "--delete", "g", "--listed-incremental", "--index-file"}, writesFile},
			{[]string{"--remove-files"}, "deletes the files it archives"},
		},
		shortValue: "bCfFgHIKLNTVX",
		oldBundle:  true,
	},
	"npm": {
		opts: []optRule{
			{[]string{"--script-shell", "--shell", "--node-options", "--git", "--editor", "--browser", "--userconfig", "--globalconfig", "c", "--call", "--init-module"}, runsProgram},
			{[]string{"--prefix", "--cache", "--pack-destination", "--logs-dir"}, writesFile},
		},
		subs: map[string]string{
			"exec": "runs the program of a package it names", "x": "runs the program of a package it names",
			"explore": "runs a shell", "edit": "runs an editor",
			"config": "writes npm configuration, which names programs npm runs", "set": "writes npm configuration, which names programs npm runs",
		},
	},
	"make": {
		opts: []optRule{
			{[]string{"f", "--file", "--makefile", "C", "--directory", "I", "--include-dir", "E", "--eval"}, "runs the recipes of another Makefile, or text given as a Makefile"},
		},
		shortValue: "CfIjloOWE",
		assigns:    "overrides a variable of the Makefile (SHELL, CC and the like choose what runs)",
	},
}

// wrappers run the program named in their arguments: a * covering that
// program allows any program. Their options that take a value are
// listed, so the program's word can be found; "" for none.
var wrappers = map[string]struct{ shortValue, longValue string }{
	"xargs":   {"adEIiLlnPs", "--arg-file --delimiter --eof --replace --max-lines --max-args --max-procs --max-chars --process-slot-var"},
	"env":     {"uCSP", "--unset --chdir --split-string"},
	"nice":    {"n", "--adjustment"},
	"nohup":   {"", ""},
	"timeout": {"ks", "--kill-after --signal"},
	"time":    {"fo", "--format --output"},
	"command": {"", ""},
	"exec":    {"a", ""},
	"sudo":    {"ugCDhprtTU", "--user --group --close-from --chdir --host --prompt --role --type --command-timeout --other-user"},
	"doas":    {"uC", ""},
	"stdbuf":  {"ioe", "--input --output --error"},
	"setsid":  {"", ""},
}

// shells run the command text their -c option gives.
var shells = map[string]bool{"sh": true, "bash": true, "dash": true, "zsh": true, "ksh": true, "mksh": true, "fish": true, "busybox": true}

// programName is a command word as the table knows it: its base name,
// without ".exe".
func programName(w string) string {
	return strings.TrimSuffix(path.Base(strings.ReplaceAll(w, `\`, "/")), ".exe")
}

// risks are the risky words of one simple command.
func risks(words []cmdWord) []finding {
	return risksFrom(words, 0)
}

func risksFrom(words []cmdWord, at int) []finding {
	if at >= len(words) {
		return nil
	}
	name := programName(words[at].text)
	if _, ok := wrappers[name]; ok {
		return wrapperRisks(words, at, name)
	}
	if shells[name] {
		return shellRisks(words, at)
	}
	rules, ok := programs[name]
	if !ok {
		return nil
	}
	out := programRisks(words, at, rules)
	if name == "sed" {
		out = append(out, sedScriptRisks(words, at)...)
	}
	return out
}

// programRisks applies a program's table to words[at:] (words[at] is the
// program).
func programRisks(words []cmdWord, at int, r progRules) []finding {
	var out []finding
	start := at + 1
	if r.global != nil {
		// git: global options come before the subcommand.
		for ; start < len(words); start++ {
			w := words[start].text
			if !strings.HasPrefix(w, "-") || w == "-" || w == "--" {
				break
			}
			out = append(out, matchOpts(start, w, r.global, r)...)
			if !strings.Contains(w, "=") && containsWord(r.globalValue, w) {
				start++
			}
		}
	}
	sub, subAt := "", -1
	if r.subs != nil || r.subOpts != nil {
		for j := start; j < len(words); j++ {
			if !strings.HasPrefix(words[j].text, "-") {
				sub, subAt = words[j].text, j
				break
			}
		}
		if why, ok := r.subs[sub]; ok {
			out = append(out, finding{subAt, len(sub), why})
		}
	}
	for i := start; i < len(words); i++ {
		w := words[i].text
		if i == subAt {
			continue
		}
		if w == "--" && !r.goFlags {
			break
		}
		if r.assigns != "" && isAssignment(w) {
			out = append(out, finding{i, len(w), r.assigns})
			continue
		}
		adj := 0
		if r.oldBundle && i == at+1 && w != "" && w[0] != '-' {
			w, adj = "-"+w, 1 // tar's old style: "xzf" is "-xzf"
		}
		for _, f := range append(matchOpts(i, w, r.opts, r), matchOpts(i, w, r.subOpts[sub], r)...) {
			f.upto = max(f.upto-adj, 1)
			out = append(out, f)
		}
	}
	return out
}

// isAssignment reports whether w is a make variable assignment
// (NAME=value, NAME:=value, NAME+=value, NAME?=value).
func isAssignment(w string) bool {
	i := strings.IndexByte(w, '=')
	if i <= 0 {
		return false
	}
	name := strings.TrimRight(w[:i], ":+?!")
	for j, c := range name {
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || j > 0 && (c >= '0' && c <= '9' || c == '.')) {
			return false
		}
	}
	return name != ""
}

// matchOpts is the findings of word i (text w) against rules.
func matchOpts(i int, w string, rules []optRule, r progRules) []finding {
	var out []finding
	for _, o := range rules {
		for _, n := range o.names {
			if upto, ok := spells(w, n, r); ok {
				out = append(out, finding{i, upto, o.why})
			}
		}
	}
	return out
}

// spells reports whether the command word w uses the option n ("-exec",
// "--output", a short option's letter "o", or a word such as "run" of
// "git bisect run"), and how many bytes of w spell it.
func spells(w, n string, r progRules) (int, bool) {
	switch {
	case len(n) > 1 && n[0] != '-':
		return len(w), w == n
	case r.goFlags:
		for _, dashes := range []string{"", "-"} {
			f := dashes + n
			if w == f || strings.HasPrefix(w, f+"=") {
				return len(f), true
			}
		}
		return 0, false
	case strings.HasPrefix(n, "--"):
		if !strings.HasPrefix(w, "--") {
			return 0, false
		}
		name, _, _ := strings.Cut(w, "=")
		// GNU and git options may be abbreviated to any unique prefix.
		if len(name) > 3 && strings.HasPrefix(n, name) {
			return len(name), true
		}
		return 0, false
	case len(n) == 1:
		return shortIn(w, n[0], r.shortValue)
	}
	return 0, false
}

// shortIn finds the short option c in the bundle w ("-ni", "-xzf"; for
// tar also an old-style first word "xzf"), and how many bytes spell it.
// A letter that takes a value ends the bundle: the rest is its value.
func shortIn(w string, c byte, shortValue string) (int, bool) {
	if len(w) < 2 || w[0] != '-' || w[1] == '-' {
		return 0, false
	}
	for j := 1; j < len(w); j++ {
		if w[j] == c {
			return j + 1, true
		}
		if strings.IndexByte(shortValue, w[j]) >= 0 {
			return 0, false
		}
	}
	return 0, false
}

func containsWord(list []string, w string) bool {
	for _, s := range list {
		if s == w {
			return true
		}
	}
	return false
}

// wrapperRisks: the program a wrapper runs is risky unless spelled, and
// so is whatever is risky in that program's own command.
func wrapperRisks(words []cmdWord, at int, name string) []finding {
	prog, out, _ := wrapped(words, at, name)
	if prog < 0 {
		return out
	}
	out = append(out, finding{prog, len(words[prog].text), "is the program " + name + " runs"})
	return append(out, risksFrom(words, prog)...)
}

// wrapped finds the program the wrapper words[at] (named name) runs:
// its index (-1: none), the wrapper's own risky words — env's
// assignments choose the environment (PATH, LD_PRELOAD, GOFLAGS), its -S
// splits a string into the command — and whether the program is known
// (not after -S).
func wrapped(words []cmdWord, at int, name string) (prog int, out []finding, known bool) {
	w := wrappers[name]
	long := strings.Fields(w.longValue)
	duration := false
	known = true
	i := at + 1
	for ; i < len(words); i++ {
		w := words[i].text
		switch {
		case w == "--":
			i++
		case name == "env" && (strings.HasPrefix(w, "-S") || strings.HasPrefix(w, "--sp")):
			out = append(out, finding{i, len(w), "splits a string into the command env runs"})
			known = false
			continue
		case strings.HasPrefix(w, "--"):
			if opt, _, hasValue := strings.Cut(w, "="); !hasValue && containsWord(long, opt) {
				i++ // the value is the next word
			}
			continue
		case strings.HasPrefix(w, "-") && len(w) > 1:
			if takesNext(w, wrappers[name].shortValue) {
				i++
			}
			continue
		case name == "env" && strings.Contains(w, "=") && !strings.HasPrefix(w, "="):
			out = append(out, finding{i, len(w), "sets the environment of the program env runs (PATH, LD_PRELOAD, GOFLAGS choose what runs)"})
			continue
		case name == "timeout" && !duration:
			duration = true // timeout's first argument
			continue
		}
		break
	}
	if i >= len(words) {
		return -1, out, known
	}
	return i, out, known
}

// takesNext reports whether the short-option bundle w ends in an option
// that takes the next word as its value.
func takesNext(w, shortValue string) bool {
	for j := 1; j < len(w); j++ {
		if strings.IndexByte(shortValue, w[j]) >= 0 {
			return j == len(w)-1
		}
	}
	return false
}

// shellRisks: a shell's -c runs the command text it is given.
func shellRisks(words []cmdWord, at int) []finding {
	var out []finding
	for i := at + 1; i < len(words); i++ {
		w := words[i].text
		if !strings.HasPrefix(w, "-") || w == "--" {
			break
		}
		if upto, ok := shortIn(w, 'c', ""); ok {
			out = append(out, finding{i, upto, "runs the command text it is given"})
			if i+1 < len(words) {
				out = append(out, finding{i + 1, len(words[i+1].text), "is command text the shell runs"})
			}
		}
	}
	return out
}

// sedScriptRisks: a sed script's w and W commands and s///w write files,
// its e command and s///e run commands. The script is the -e/--expression
// values, else the first word that is not an option; a script that
// writes or runs is risky unless the pattern spells it whole. --sandbox
// makes sed refuse them, so nothing is risky then.
func sedScriptRisks(words []cmdWord, at int) []finding {
	var scripts []int
	explicit, sandbox := false, false
	for i := at + 1; i < len(words); i++ {
		w := words[i].text
		switch {
		case w == "--sandbox":
			sandbox = true
		case w == "-e" || w == "--expression":
			explicit = true
			if i+1 < len(words) {
				scripts = append(scripts, i+1)
				i++
			}
		case strings.HasPrefix(w, "--expression="), strings.HasPrefix(w, "-e") && len(w) > 2:
			explicit = true
			scripts = append(scripts, i)
		case w == "-f" || w == "--file" || w == "-l":
			i++
		}
	}
	if sandbox {
		return nil
	}
	if !explicit {
		for i := at + 1; i < len(words); i++ {
			if w := words[i].text; !strings.HasPrefix(w, "-") || w == "-" {
				scripts = append(scripts, i)
				break
			}
		}
	}
	var out []finding
	for _, i := range scripts {
		if sedWritesOrRuns(words[i].text) {
			out = append(out, finding{i, len(words[i].text), "is a sed script that writes files or runs commands (w, W, e, s///w, s///e)"})
		}
	}
	return out
}
