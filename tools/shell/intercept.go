package shell

import (
	"fmt"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// intercept applies the bash interceptor rules (bashInterceptor.enabled) to
// command. It returns "" to let the command run, or a message naming the
// first-class tool to use instead. A rule applies only when its tool is
// enabled.
//
// The command is parsed with a real shell parser and the simple commands of
// its top-level lists are checked: `a && b`, `a; b`, pipelines, { } groups
// and ( ) subshells. Control structures (if, for, while, case, functions)
// and command substitutions are shell logic, not substitutes for a tool, and
// are not checked. Because every command of a list is checked, a leading
// `cd path &&` or `cd path;` never hides one; when cwd was not given, that
// cd's target is used to route the suggested paths (an explicit cwd wins).
// A command that does not parse is left for bash to report.
//
// Rules (a command whose output feeds another program through a pipe is
// processing, not viewing, and is allowed, except into head/tail/sort/wc
// and other viewers):
//   - read: cat, head, tail, less, more, bat with file operands (not tail -f)
//   - search: grep/egrep/fgrep with file operands or -r, rg/ag/ack
//     (not when they filter piped input, not grep -q)
//   - find: find with only name/path/type/depth tests (not -exec, -delete,
//     size or time tests), fd without --exec
//   - edit: sed -i, perl -i, gawk -i inplace
//   - write: echo, printf or cat (here-document) redirected into a file, or
//     piped into tee with a file
func intercept(command, cwd string, enabled func(string) bool) string {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		return ""
	}
	w := &walker{enabled: enabled, dir: cwd, trackCd: cwd == ""}
	w.stmts(f.Stmts)
	return w.msg
}

type walker struct {
	enabled func(string) bool
	dir     string // directory suggested paths are relative to
	trackCd bool
	msg     string // the first block
}

// streams describes where a command's standard streams go.
type streams struct {
	stdinPiped  bool   // reads the output of a previous pipeline stage
	stdoutPiped bool   // feeds a processing (not viewing) command
	outFile     string // stdout redirected into this file
}

func (w *walker) stmts(list []*syntax.Stmt) {
	for _, s := range list {
		w.stmt(s, streams{})
		if w.msg != "" {
			return
		}
	}
}

func (w *walker) stmt(s *syntax.Stmt, st streams) {
	if w.msg != "" || s == nil {
		return
	}
	if f := outputFile(s.Redirs); f != "" {
		st.outFile = f
		st.stdoutPiped = false
	}
	if hasInput(s.Redirs) {
		st.stdinPiped = true
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		w.call(c, s.Redirs, st)
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.Pipe, syntax.PipeAll:
			left := st
			left.outFile = ""
			left.stdoutPiped = !isViewer(c.Y)
			if name, _ := commandOf(c.Y); name == "tee" && authoring(c.X) {
				if f := teeFile(c.Y); f != "" {
					w.block("write", fmt.Sprintf("use the write tool instead of piping %q into tee to create or overwrite files, e.g. write({path: %q, content: ...})", firstName(c.X), w.path(f)))
					return
				}
			}
			w.stmt(c.X, left)
			right := st
			right.stdinPiped = true
			w.stmt(c.Y, right)
		default: // && || and the like
			w.stmt(c.X, st)
			w.stmt(c.Y, st)
		}
	case *syntax.Block:
		w.nested(c.Stmts, st)
	case *syntax.Subshell:
		w.nested(c.Stmts, st)
	case *syntax.TimeClause:
		w.stmt(c.Stmt, st)
	}
}

// nested walks a group's statements with the group's redirections.
func (w *walker) nested(list []*syntax.Stmt, st streams) {
	for _, s := range list {
		w.stmt(s, st)
	}
}

func (w *walker) block(tool, msg string) {
	if w.msg == "" && w.enabled(tool) {
		w.msg = "blocked by bashInterceptor: " + msg
	}
}

// path is how a suggested path is shown: relative to the effective
// directory.
func (w *walker) path(p string) string {
	if path.IsAbs(p) || w.dir == "" {
		return p
	}
	return path.Join(w.dir, p)
}

func (w *walker) call(c *syntax.CallExpr, redirs []*syntax.Redirect, st streams) {
	args, ok := unwrap(c.Args)
	if !ok || len(args) == 0 {
		return
	}
	name := path.Base(args[0])
	argv := args[1:]
	switch name {
	case "cd":
		if w.trackCd && len(argv) == 1 && argv[0] != "-" {
			w.dir = w.path(argv[0])
		}
	case "cat", "head", "tail", "less", "more", "bat", "batcat":
		w.viewer(name, argv, st)
	case "echo", "printf":
		if st.outFile != "" {
			w.block("write", fmt.Sprintf("use the write tool instead of %q with a redirection to create or overwrite files, e.g. write({path: %q, content: ...})", name, w.path(st.outFile)))
		}
	case "grep", "egrep", "fgrep", "rg", "ag", "ack":
		w.grep(name, argv, st)
	case "find":
		if dir, glob, ok := simpleFind(argv); ok && !st.stdoutPiped {
			w.block("find", fmt.Sprintf("use the find tool instead of \"find\" to find paths by name, e.g. find({paths: %q})", path.Join(w.path(dir), glob)))
		}
	case "fd", "fdfind":
		if glob, ok := simpleFd(argv); ok && !st.stdoutPiped {
			w.block("find", fmt.Sprintf("use the find tool instead of %q to find paths by name, e.g. find({paths: %q})", name, path.Join(w.path("."), glob)))
		}
	case "sed", "perl", "awk", "gawk":
		if inPlace(name, argv) {
			w.block("edit", fmt.Sprintf("use the edit tool instead of %q to change files in place (read the file first for its [path#TAG] header)", name+" -i"))
		}
	case "tee":
		if f := teeFileArgs(argv); f != "" && hasHeredoc(redirs) {
			w.block("write", fmt.Sprintf("use the write tool instead of \"tee\" with a here-document to create or overwrite files, e.g. write({path: %q, content: ...})", w.path(f)))
		}
	}
}

// viewer handles a file viewer (cat, head, tail, ...): viewing a file is
// read's job, and cat > file is write's.
func (w *walker) viewer(name string, argv []string, st streams) {
	files := fileOperands(name, argv)
	switch {
	case len(files) > 0 && st.outFile == "" && !st.stdoutPiped && !following(name, argv):
		w.block("read", fmt.Sprintf("use the read tool instead of %q to view files, e.g. read({path: %q})", name, w.path(files[0])))
	case name == "cat" && len(files) == 0 && st.outFile != "":
		w.block("write", fmt.Sprintf("use the write tool instead of \"cat\" with a redirection to create or overwrite files, e.g. write({path: %q, content: ...})", w.path(st.outFile)))
	}
}

// grep handles the grep family: searching files is search's job; a
// filter of piped input, or a test (-q), is not.
func (w *walker) grep(name string, argv []string, st streams) {
	pattern, files, recursive, quiet := grepArgs(name, argv)
	if quiet || len(files) == 0 && (!recursive || st.stdinPiped) {
		return
	}
	where := "."
	if len(files) > 0 {
		where = files[0]
	}
	w.block("search", fmt.Sprintf("use the search tool instead of %q to search file contents, e.g. search({pattern: %q, paths: [%q]})", name, pattern, w.path(where)))
}

// wordLit returns the value of a word made only of literal and quoted
// literal parts.
func wordLit(wd *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range wd.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// unwrap returns the literal words of a call with command wrappers (sudo,
// env, nice, nohup, time, timeout, command, builtin, exec, stdbuf) removed.
// ok is false when the command name is not a literal.
func unwrap(words []*syntax.Word) (args []string, ok bool) {
	for _, wd := range words {
		s, lit := wordLit(wd)
		if !lit {
			if len(args) == 0 {
				return nil, false
			}
			s = "\x00" // a non-literal argument: present, value unknown
		}
		args = append(args, s)
	}
	for len(args) > 0 {
		skip := 0
		switch path.Base(args[0]) {
		case "command", "builtin", "exec", "nohup":
			skip = 1 + countFlags(args[1:], "")
			if path.Base(args[0]) == "command" && skip > 1 {
				return nil, true // command -v/-V: a lookup, runs nothing
			}
		case "sudo":
			skip = 1 + countFlags(args[1:], "ugpChDrtUT")
		case "nice":
			skip = 1 + countFlags(args[1:], "n")
		case "stdbuf":
			skip = 1 + countFlags(args[1:], "ioe")
		case "time":
			skip = 1 + countFlags(args[1:], "fo")
		case "timeout":
			skip = 1 + countFlags(args[1:], "sk")
			if skip < len(args) {
				skip++ // the duration
			}
		case "env":
			skip = 1
		envArgs:
			for skip < len(args) {
				a := args[skip]
				switch {
				case a == "-u" || a == "-C" || a == "--unset" || a == "--chdir":
					skip += 2
				case strings.HasPrefix(a, "-"), strings.Contains(a, "="):
					skip++
				default:
					break envArgs
				}
			}
		default:
			return args, true
		}
		if skip >= len(args) {
			return nil, true
		}
		args = args[skip:]
	}
	return args, true
}

// countFlags counts the leading flag words of a wrapper; withValue lists the
// short flags that take the next word as their value.
func countFlags(args []string, withValue string) int {
	n := 0
	for n < len(args) {
		a := args[n]
		if a == "--" {
			return n + 1
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			return n
		}
		n++
		if len(a) == 2 && strings.ContainsRune(withValue, rune(a[1])) {
			n++
		}
	}
	return n
}

// fileOperands returns the non-flag operands of a file viewer, skipping the
// values of head/tail's -n/-c and `-` (stdin).
func fileOperands(name string, argv []string) []string {
	var files []string
	flags := true
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		switch {
		case flags && a == "--":
			flags = false
		case flags && (name == "head" || name == "tail") && (a == "-n" || a == "-c" || a == "--lines" || a == "--bytes"):
			i++
		case flags && strings.HasPrefix(a, "-") && a != "-":
		case a == "-" || a == "\x00":
		default:
			files = append(files, a)
		}
	}
	return files
}

// following reports tail -f/-F/--follow: a stream, which read cannot do.
func following(name string, argv []string) bool {
	if name != "tail" {
		return false
	}
	for _, a := range argv {
		if a == "--follow" || strings.HasPrefix(a, "--follow=") || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsAny(a, "fF") {
			return true
		}
	}
	return false
}

// grepArgs splits a grep-family command line into its pattern, file
// operands and whether it recurses or only tests (-q).
func grepArgs(name string, argv []string) (pattern string, files []string, recursive, quiet bool) {
	g := grepLine{name: name, argv: argv, recursive: name == "rg" || name == "ag" || name == "ack"}
	flags := true
	var operands []string
	for ; g.i < len(argv); g.i++ {
		a := argv[g.i]
		switch {
		case flags && a == "--":
			flags = false
		case flags && strings.HasPrefix(a, "--"):
			g.longFlag(a)
		case flags && strings.HasPrefix(a, "-") && len(a) > 1:
			g.shortFlags(a)
		default:
			operands = append(operands, a)
		}
	}
	if !g.explicit && len(operands) > 0 {
		g.pattern, operands = operands[0], operands[1:]
	}
	for _, o := range operands {
		if o != "-" {
			files = append(files, o)
		}
	}
	return g.pattern, files, g.recursive, g.quiet
}

// grepLine is grepArgs' state while it reads the words.
type grepLine struct {
	name             string
	argv             []string
	i                int // the word being read
	pattern          string
	explicit         bool // -e/-f gave the pattern
	recursive, quiet bool
}

// value is the next word, the value of the flag at i.
func (g *grepLine) value() (string, bool) {
	if g.i+1 < len(g.argv) {
		g.i++
		return g.argv[g.i], true
	}
	return "", false
}

func (g *grepLine) longFlag(a string) {
	k, v, hasV := strings.Cut(a, "=")
	switch k {
	case "--recursive", "--dereference-recursive":
		g.recursive = true
	case "--quiet", "--silent":
		g.quiet = true
	case "--regexp", "--file":
		g.explicit = true
		if hasV {
			g.pattern = alt(g.pattern, v)
		} else if next, ok := g.value(); ok {
			g.pattern = alt(g.pattern, next)
		}
	}
}

// shortFlags reads a cluster of short flags (-rn, -e PATTERN, -ePATTERN).
func (g *grepLine) shortFlags(a string) {
	for j := 1; j < len(a); j++ {
		c := a[j]
		switch {
		case c == 'r' || c == 'R':
			g.recursive = true
		case c == 'q':
			g.quiet = true
		case c == 'e' || c == 'f':
			g.explicit = true
			if j+1 < len(a) {
				g.pattern = alt(g.pattern, a[j+1:])
			} else if next, ok := g.value(); ok {
				g.pattern = alt(g.pattern, next)
			}
			return
		case strings.IndexByte("ABCmdDg", c) >= 0 && !(g.name == "grep" && c == 'g'):
			if j+1 == len(a) {
				g.i++ // the value is the next word
			}
			return
		}
	}
}

// alt joins grep patterns given with several -e into one alternation.
func alt(prev, p string) string {
	if prev == "" {
		return p
	}
	return prev + "|" + p
}

// findTests are the find expressions the find tool covers.
var findTests = map[string]bool{
	"-name": true, "-iname": true, "-path": true, "-ipath": true, "-wholename": true,
	"-type": true, "-maxdepth": true, "-mindepth": true, "-print": true,
	"-not": true, "!": true, "-o": true, "-or": true, "-a": true, "-and": true,
	"(": true, ")": true,
}

// simpleFind reports whether a find command uses only tests the find tool
// covers, and returns its start directory and a glob for the message.
func simpleFind(argv []string) (dir, glob string, ok bool) {
	dir, glob = ".", "**/*"
	i := 0
	for i < len(argv) && (argv[i] == "-L" || argv[i] == "-H" || argv[i] == "-P") {
		i++
	}
	if i < len(argv) && !strings.HasPrefix(argv[i], "-") && argv[i] != "(" && argv[i] != "!" {
		dir = argv[i]
		i++
		for i < len(argv) && !strings.HasPrefix(argv[i], "-") && argv[i] != "(" && argv[i] != "!" {
			i++ // further start points
		}
	}
	for ; i < len(argv); i++ {
		a := argv[i]
		if !findTests[a] {
			return "", "", false
		}
		switch a {
		case "-name", "-iname":
			if i+1 < len(argv) {
				glob = "**/" + argv[i+1]
			}
			i++
		case "-path", "-ipath", "-wholename", "-type", "-maxdepth", "-mindepth":
			i++
		}
	}
	return dir, glob, true
}

// simpleFd reports an fd command without --exec and the filters the find
// tool lacks, and a glob for its pattern (a plain word matches names
// containing it).
func simpleFd(argv []string) (glob string, ok bool) {
	glob = "**/*"
	for _, a := range argv {
		switch {
		case a == "-x" || a == "-X" || strings.HasPrefix(a, "--exec"),
			a == "-S" || strings.HasPrefix(a, "--size"),
			strings.HasPrefix(a, "--changed"), strings.HasPrefix(a, "--owner"):
			return "", false
		case glob == "**/*" && !strings.HasPrefix(a, "-") && !strings.ContainsAny(a, `\^$.*+?()[]{}|`):
			glob = "**/*" + a + "*"
		}
	}
	return glob, true
}

// inPlace reports sed -i, perl -i and gawk -i inplace.
func inPlace(name string, argv []string) bool {
	for i, a := range argv {
		if a == "--" {
			return false
		}
		switch name {
		case "sed":
			if a == "--in-place" || strings.HasPrefix(a, "--in-place=") {
				return true
			}
			if clusterHas(a, 'i', "efl") {
				return true
			}
		case "perl":
			if clusterHas(a, 'i', "eEMmIxlC0") {
				return true
			}
		case "awk", "gawk":
			if (a == "-i" || a == "--include") && i+1 < len(argv) && argv[i+1] == "inplace" || a == "-iinplace" {
				return true
			}
		}
	}
	return false
}

// clusterHas reports whether a short-flag cluster like -ni sets flag before
// any flag in stop (whose value would take the rest of the cluster).
func clusterHas(a string, flag byte, stop string) bool {
	if len(a) < 2 || a[0] != '-' || a[1] == '-' {
		return false
	}
	for j := 1; j < len(a); j++ {
		if a[j] == flag {
			return true
		}
		if strings.IndexByte(stop, a[j]) >= 0 {
			return false
		}
	}
	return false
}

// outputFile returns the file stdout is redirected into ("" for none, a
// descriptor, or a device).
func outputFile(redirs []*syntax.Redirect) string {
	out := ""
	for _, r := range redirs {
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll:
			if r.N != nil && r.N.Value != "1" {
				continue // 2> file: stderr only
			}
			s, ok := wordLit(r.Word)
			if !ok || strings.HasPrefix(s, "/dev/") {
				continue
			}
			out = s
		}
	}
	return out
}

func hasInput(redirs []*syntax.Redirect) bool {
	for _, r := range redirs {
		switch r.Op {
		case syntax.RdrIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			return true
		}
	}
	return false
}

func hasHeredoc(redirs []*syntax.Redirect) bool {
	for _, r := range redirs {
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			return true
		}
	}
	return false
}

// commandOf returns the name and arguments of a statement's simple command.
func commandOf(s *syntax.Stmt) (string, []string) {
	c, ok := s.Cmd.(*syntax.CallExpr)
	if !ok {
		return "", nil
	}
	args, ok := unwrap(c.Args)
	if !ok || len(args) == 0 {
		return "", nil
	}
	return path.Base(args[0]), args[1:]
}

func firstName(s *syntax.Stmt) string {
	name, _ := commandOf(s)
	return name
}

// viewers only display or summarise their input: a command piped into one
// still shows its output.
var viewers = map[string]bool{
	"head": true, "tail": true, "sort": true, "uniq": true, "wc": true, "less": true,
	"more": true, "cat": true, "nl": true, "column": true, "cut": true, "tr": true,
}

// isViewer reports whether a pipeline stage only views its input (the
// first command of a nested pipeline decides).
func isViewer(s *syntax.Stmt) bool {
	for {
		b, ok := s.Cmd.(*syntax.BinaryCmd)
		if !ok {
			break
		}
		s = b.X
	}
	name, _ := commandOf(s)
	return viewers[name]
}

// authoring reports a stage that produces literal content: echo, printf,
// or cat from a here-document or stdin.
func authoring(s *syntax.Stmt) bool {
	name, argv := commandOf(s)
	switch name {
	case "echo", "printf":
		return true
	case "cat":
		return len(fileOperands("cat", argv)) == 0
	}
	return false
}

func teeFile(s *syntax.Stmt) string {
	_, argv := commandOf(s)
	return teeFileArgs(argv)
}

// teeFileArgs returns tee's first file operand that is not a device.
func teeFileArgs(argv []string) string {
	for _, a := range argv {
		if !strings.HasPrefix(a, "-") && a != "\x00" && !strings.HasPrefix(a, "/dev/") {
			return a
		}
	}
	return ""
}
