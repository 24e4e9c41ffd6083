package shell

import (
	"errors"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"mvdan.cc/sh/v3/syntax"
)

// Warm shells
//
// Starting bash costs about a millisecond (exec, dynamic linking, locale and
// environment setup): most of a bash({command: "true"}) round trip. So a
// session keeps a few bash processes ("spares", see maxSpares) started ahead
// of time, each set up exactly as a cold start of a default call would be —
// its own process group, the workspace root as cwd, the default environment,
// stdin on /dev/null, stdout and stderr on its own output pipe — and blocked
// reading its command from a pipe on fd 3. A warm call takes a spare, writes
// the command, closes the pipe and from then on treats the spare like a
// process it just started (same pump, timeout, group kill, exit code). When
// the call is over it starts a replacement in the background.
//
// A spare runs bootScript (see there). What still differs from bash -c
// (TestWarmKnownDifferences pins it):
//   - bash -c execs its last simple command in place of the shell; eval
//     cannot, so the last program runs as a child of the shell: its $PPID is
//     the shell, $$ is not its pid, and if a signal kills it (a crash, the
//     OOM killer) bash reports it as it reports any earlier command, e.g.
//     "/usr/bin/bash: line 1: 4242 Segmentation fault (core dumped) ./a.out".
//     Exit codes are the same (128+signal). It also costs a fork.
//   - ps and /proc/$$/cmdline show the boot script, not the command.
//   - A syntax error reads "bash: eval: line N: ..." instead of "bash: -c:
//     line N: ...". Commands that mvdan.cc/sh cannot parse run cold, so this
//     shows only for the rare errors bash finds and mvdan does not.
//   - xtrace turned on where the command does not spell it out (in a sourced
//     file, through eval) prefixes lines with one more PS4 character.
//   - Before the first command has run, PIPESTATUS is already set and `_`
//     and SECONDS are ordinary variables (declare -p shows `_` unexported and
//     SECONDS with its value); their values are what bash -c has.
//   - Process state inherited at spawn (umask, rlimits, the host name) is
//     up to spareMaxIdle old.
//
// A call runs cold (bash -c, as before) when it is not a plain default call
// or a warm shell could differ in more than the above: an explicit cwd other
// than the root, env, pty, runInBackground, no session, a command longer than
// maxWarmCommand, one mvdan cannot parse or one that turns on xtrace (see
// mayTrace), an environment that changes how bash starts (BASH_ENV, ENV,
// SHELLOPTS, BASHOPTS, POSIXLY_CORRECT: sourced or applied when the spare
// starts, not when the call runs) or that exports a function shadowing a
// builtin bootScript uses, or ATOMIC_NO_WARM_SHELL=1. Which path a call takes
// depends only on the call, never on timing: a default call with no spare at
// hand starts one and uses it at once (costing what a cold start costs).
//
// Staleness: a spare is used only when its root path, the identity of the
// root directory (a root removed and recreated is a new one) and its whole
// environment equal the call's, and it has not exited; others are discarded.
// The directory must also still be searchable, or the call runs cold (and
// fails to enter it, as before).
// A spare idle for spareMaxIdle is retired, so an idle session holds no
// processes. Session.Close kills the spares; a spare whose parent dies reads
// end-of-file, runs the empty command and exits, so none outlives its
// process. One gap needs tools.Session: State creates fresh state after
// Close, so a call racing the close of a session that had no pool yet makes
// a pool nobody closes; its spares live until retired (spareMaxIdle).

// Pool tuning.
const (
	// maxSpares bounds how many spares a session keeps. It keeps one, and
	// one more each time a call finds none ready (back-to-back calls: each
	// spare needs about a millisecond of CPU to start, so several start in
	// parallel on other CPUs); each spare retired idle gives one back.
	maxSpares = 4
	// maxWarmCommand is the longest command run warm. Longer ones gain
	// little (parsing them with mvdan costs about what bash's start saves)
	// and run cold, where bash -c reports one too long for an argument
	// (128 KB) as before.
	maxWarmCommand = 4 << 10
)

// spareMaxIdle retires a spare nobody took (a variable for tests).
var spareMaxIdle = time.Minute

// bootScript is what a spare runs, with %s the startup value of $_:
//   - read -N with a huge count reads the command pipe to end-of-file in
//     4 KB reads (with a delimiter, read takes a pipe one byte per system
//     call), keeps every byte (no IFS trimming; -r keeps backslashes) and
//     stores the command where bash -c keeps it: BASH_EXECUTION_STRING is
//     the command, and no other variable is left behind. `|| :` keeps a
//     read that ends at end-of-file (status 1) from stopping anything. A
//     warm command (at most maxWarmCommand, 4 KB = PIPE_BUF) is written in
//     one piece, so one read gets all of it: no multibyte character is split
//     between reads.
//   - exec 3<&- closes the pipe: the command sees the descriptors bash -c
//     has (0, 1, 2).
//   - SECONDS=0: $SECONDS counts from the call, not from the spare's start.
//   - `: '...'` leaves $_ as a fresh bash has it (the environment's _, else
//     argv[0]), since $_ is the last word of the previous command.
//   - eval runs the command at top level, so exit, set -e, traps, $$, $0,
//     $LINENO and messages ("bash: line N: ...") are those of bash -c; "--"
//     keeps a command starting with "-" from being read as eval's options
//     (as "bash -c --" keeps it from being read as bash's).
//
// If the parent dies, read sees end-of-file and the empty command exits 0.
const bootScript = `read -r -N 1000000000 -u 3 BASH_EXECUTION_STRING || :; exec 3<&-; SECONDS=0; : %s; eval -- "$BASH_EXECUTION_STRING"`

// bootMarker identifies spares in process listings (tests).
const bootMarker = "read -r -N 1000000000 -u 3 BASH_EXECUTION_STRING"

// coldEnv are environment variables that make bash do work at start-up (or
// behave differently from its first command on), so a spare started earlier
// could differ from bash -c started now.
var coldEnv = []string{"BASH_ENV=", "ENV=", "SHELLOPTS=", "BASHOPTS=", "POSIXLY_CORRECT=",
	// exported functions that would shadow what bootScript runs
	"BASH_FUNC_read%%=", "BASH_FUNC_exec%%=", "BASH_FUNC_eval%%=", "BASH_FUNC_:%%="}

// warmable reports whether a default call (cwd at the root, no env, no pty,
// foreground) with this script and environment may run on a warm shell.
func warmable(script string, env []string) bool {
	if len(script) > maxWarmCommand {
		return false
	}
	for _, kv := range env {
		for _, p := range coldEnv {
			if strings.HasPrefix(kv, p) {
				return false
			}
		}
	}
	p := parsers.Get().(*syntax.Parser)
	defer parsers.Put(p)
	f, err := p.Parse(strings.NewReader(script), "")
	return err == nil && !mayTrace(f)
}

// mayTrace reports whether the command turns on xtrace (set -x, set -o
// xtrace, set -euxo pipefail, shopt -o -s xtrace, also through builtin or
// command) or calls set or shopt with words only known when it runs. Under
// eval, xtrace prefixes each line with one more PS4 character ("++ cmd"
// where bash -c shows "+ cmd"), so such commands run cold.
func mayTrace(f *syntax.File) bool {
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		if call, ok := n.(*syntax.CallExpr); ok && !found {
			found = setsXtrace(call.Args)
		}
		return !found
	})
	return found
}

func setsXtrace(args []*syntax.Word) bool {
	for len(args) > 0 {
		if name, _ := wordLit(args[0]); name != "builtin" && name != "command" {
			break
		}
		args = args[1:]
		for len(args) > 0 && strings.HasPrefix(args[0].Lit(), "-") { // command -p
			args = args[1:]
		}
	}
	if len(args) < 2 {
		return false
	}
	name, _ := wordLit(args[0])
	if name != "set" && name != "shopt" {
		return false
	}
	for _, w := range args[1:] {
		a, ok := wordLit(w)
		switch {
		case !ok || a == "xtrace":
			return true // known only when it runs, or the option's name
		case a == "--":
			return false // positional parameters follow
		case name == "set" && len(a) > 1 && (a[0] == '-' || a[0] == '+') && strings.ContainsRune(a[1:], 'x'):
			return true
		}
	}
	return false
}

// parsers recycles bash parsers: a parser reused is half the cost of a new
// one, and warmable runs on every default call.
var parsers = sync.Pool{New: func() any { return syntax.NewParser(syntax.Variant(syntax.LangBash)) }}

// poolKey is the session-state key of the warm pool.
type poolKey struct{}

// pool is a session's spares. It is session state: Close (called by
// Session.Close) kills them. Safe for concurrent use.
type pool struct {
	mu       sync.Mutex
	landed   *sync.Cond // a spawn has ended (on mu)
	spares   []*spare   // ready to take, oldest first
	starting int        // spawns under way
	target   int        // spares to keep, 1 to maxSpares
	closed   bool
	spawns   sync.WaitGroup
	served   atomic.Int64 // calls run warm
}

func poolOf(env *tools.Env) *pool {
	if env.Session == nil {
		return nil
	}
	return env.Session.State(poolKey{}, func() any {
		pl := &pool{target: 1}
		pl.landed = sync.NewCond(&pl.mu)
		return pl
	}).(*pool)
}

// spare is a started bash waiting for its command on cmd.
type spare struct {
	p    *proc
	cmd  *os.File    // write end of the command pipe
	root string      // its working directory
	info os.FileInfo // that directory's identity when the spare started
	env  []string    // its environment
	idle *time.Timer // retires it; set while it is in the pool
}

// errPoolClosed makes a call on a closed session's pool run cold.
var errPoolClosed = errors.New("the session's warm shells are closed")

// run starts c on a warm shell: a matching spare, or one started now. The
// caller falls back to a cold start when it fails.
func (pl *pool) run(c command) (*proc, error) {
	// A cold start fails to enter a directory it may not search; a spare
	// already inside would not.
	if err := searchable(c.dir); err != nil {
		return nil, err
	}
	for {
		s, err := pl.take(c)
		if err != nil {
			return nil, err
		}
		fresh := s == nil
		if fresh {
			if s, err = startSpare(c.dir, c.info, c.env); err != nil {
				return nil, err
			}
		}
		if err := s.send(c.script); err != nil {
			s.discard()
			if fresh {
				return nil, err
			}
			// A spare that died after take saw it alive (its exit not yet
			// noticed): try the next one.
			continue
		}
		pl.served.Add(1)
		return s.p, nil
	}
}

// take removes and returns a spare that fits c, discarding those that no
// longer fit. With none at hand but a spawn under way it waits for that
// spawn, which is further along than a new start would be; with none
// coming it returns nil. A call that found no spare ready after the pool
// had served one raises the pool's target.
func (pl *pool) take(c command) (*spare, error) {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	for ready := true; ; ready = false {
		if pl.closed {
			return nil, errPoolClosed
		}
		if s := pl.pickLocked(c); s != nil || pl.starting == 0 {
			if (s == nil || !ready) && pl.served.Load() > 0 {
				pl.target = min(pl.target+1, maxSpares)
			}
			return s, nil
		}
		pl.landed.Wait()
	}
}

// pickLocked removes the first spare that fits c from the pool and
// discards those that do not fit. pl.mu is held.
func (pl *pool) pickLocked(c command) *spare {
	var got *spare
	keep := pl.spares[:0]
	for _, s := range pl.spares {
		switch {
		case !s.fits(c):
			s.idle.Stop()
			go s.discard()
		case got == nil:
			s.idle.Stop()
			got = s
		default:
			keep = append(keep, s)
		}
	}
	clear(pl.spares[len(keep):])
	pl.spares = keep
	return got
}

// refill starts spares for calls like c until the pool holds its target.
// Calls refill once they are done, so that starting a shell (about a
// millisecond of CPU) does not compete with the call itself.
func (pl *pool) refill(c command) {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	for !pl.closed && len(pl.spares)+pl.starting < pl.target {
		pl.starting++
		pl.spawns.Add(1)
		go pl.spawn(c.dir, c.info, c.env)
	}
}

// spawn starts a spare for the pool.
func (pl *pool) spawn(root string, info os.FileInfo, env []string) {
	defer pl.spawns.Done()
	s, err := startSpare(root, info, env)
	pl.mu.Lock()
	pl.starting--
	pl.landed.Broadcast()
	if err != nil || pl.closed {
		pl.mu.Unlock()
		if s != nil {
			s.discard()
		}
		return
	}
	s.idle = time.AfterFunc(spareMaxIdle, func() { pl.retire(s) })
	pl.spares = append(pl.spares, s)
	pl.mu.Unlock()
}

// retire discards s if it is still waiting in the pool.
func (pl *pool) retire(s *spare) {
	pl.mu.Lock()
	i := slices.Index(pl.spares, s)
	if i >= 0 {
		pl.spares = slices.Delete(pl.spares, i, i+1)
		pl.target = max(pl.target-1, 1)
	}
	pl.mu.Unlock()
	if i >= 0 {
		s.discard()
	}
}

// Close kills the spares and waits for them and for spawns under way; warm
// calls run cold afterwards.
func (pl *pool) Close() error {
	pl.mu.Lock()
	pl.closed = true
	spares := pl.spares
	pl.spares = nil
	pl.landed.Broadcast()
	pl.mu.Unlock()
	for _, s := range spares {
		s.idle.Stop()
		s.p.cmd.Process.Kill()
	}
	for _, s := range spares {
		s.discard()
	}
	pl.spawns.Wait()
	return nil
}

// size is the number of spares waiting and the target (tests).
func (pl *pool) size() (spares, target int) {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return len(pl.spares), pl.target
}

// fits reports whether s can run c: same root path, the same root directory
// (not one removed and recreated), the same environment, and still alive.
func (s *spare) fits(c command) bool {
	if s.root != c.dir || !os.SameFile(s.info, c.info) || !slices.Equal(s.env, c.env) {
		return false
	}
	select {
	case <-s.p.exited:
		return false
	default:
		return true
	}
}

// send hands the spare its command.
func (s *spare) send(script string) error {
	_, err := s.cmd.WriteString(script)
	if cerr := s.cmd.Close(); err == nil {
		err = cerr
	}
	return err
}

// discard kills a spare that will not run a command and reaps it. The kill
// goes through the process handle (a pidfd), never to a reused pid.
func (s *spare) discard() {
	s.cmd.Close()
	s.p.cmd.Process.Kill()
	<-s.p.exited
	s.p.out.Close()
}

// startupUnderscore is $_ in a freshly started bash: the environment's _
// (bash imports it), else the shell's argv[0].
func startupUnderscore(env []string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], "_="); ok {
			return v
		}
	}
	return bashPath()
}

// shellQuote quotes s as one shell word.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
