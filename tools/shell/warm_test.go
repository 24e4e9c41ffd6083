//go:build unix

package shell

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/tools"
)

// TestMain runs the suite twice: as shipped (default calls on warm shells),
// then with ATOMIC_NO_WARM_SHELL=1 (every call a cold bash -c), so every
// test of the tool holds on both paths. Benchmarks and fuzzing run once.
// After each pass no spare may be left running.
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if code == 0 {
		code = checkNoSpares()
	}
	if code == 0 && os.Getenv("ATOMIC_NO_WARM_SHELL") == "" && flag.Lookup("test.bench").Value.String() == "" && flag.Lookup("test.fuzz").Value.String() == "" {
		fmt.Println("--- the same tests with ATOMIC_NO_WARM_SHELL=1 (cold bash -c only)")
		os.Setenv("ATOMIC_NO_WARM_SHELL", "1")
		code = m.Run()
		os.Unsetenv("ATOMIC_NO_WARM_SHELL")
		if code == 0 {
			code = checkNoSpares()
		}
	}
	os.Exit(code)
}

// checkNoSpares fails when a spare of this process outlived its session
// (every test closes its session).
func checkNoSpares() int {
	var left []string
	deadline := time.Now().Add(5 * time.Second)
	for {
		left = sparesOf(os.Getpid())
		if len(left) == 0 {
			return 0
		}
		if time.Now().After(deadline) {
			fmt.Printf("FAIL: warm shells left running after every session closed:\n%s\n", strings.Join(left, "\n"))
			return 1
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// sparesOf lists the processes (zombies included) that are spares of
// parent, from ps.
func sparesOf(parent int) []string {
	out, err := exec.Command("ps", "-eo", "pid=,ppid=,stat=,args=").Output()
	if err != nil {
		return []string{"ps: " + err.Error()}
	}
	var left []string
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) >= 4 && f[1] == strconv.Itoa(parent) && (strings.Contains(line, bootMarker) || strings.HasPrefix(f[2], "Z")) {
			left = append(left, line)
		}
	}
	return left
}

// allowWarm undoes the cold pass of TestMain for tests that compare the
// paths or test the pool itself.
func allowWarm(t *testing.T) {
	if os.Getenv("ATOMIC_NO_WARM_SHELL") != "" {
		t.Setenv("ATOMIC_NO_WARM_SHELL", "")
	}
}

// runVia runs a bash call on the warm path (which it must be eligible for,
// and which must serve it) or forced cold.
func runVia(ctx context.Context, t *testing.T, env *tools.Env, args map[string]any, warm bool) (BashResult, tools.Result, error) {
	t.Helper()
	raw, _ := json.Marshal(args)
	var a bashArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		t.Fatal(err)
	}
	c, to, err := prepare(env, a)
	if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	if warm && !c.warm {
		t.Fatalf("%v: not eligible for a warm shell", args)
	}
	c.warm = warm
	pl := poolOf(env)
	before := pl.served.Load()
	res, err := runForeground(ctx, env, c, to)
	if served := pl.served.Load() - before; warm && served != 1 || !warm && served != 0 {
		t.Fatalf("%v: warm=%v but the pool served %d calls", args, warm, served)
	}
	if err != nil {
		return BashResult{}, res, err
	}
	return res.Structured.(BashResult), res, nil
}

// TestWarmMatchesCold runs each command cold and warm and compares what a
// caller sees: output, exit code, timeout, truncation, the spill file and
// the text.
func TestWarmMatchesCold(t *testing.T) {
	allowWarm(t)
	env := newEnv(t)
	os.WriteFile(filepath.Join(env.Root, "f.txt"), []byte("one\ntwo\n"), 0o644)
	for _, tc := range []struct {
		cmd     string
		timeout int
	}{
		{cmd: "true"},
		{cmd: "false"},
		{cmd: "exit 7"},
		{cmd: "echo out; echo err >&2; echo out2"},
		{cmd: "echo a; exit 3; echo b"},
		{cmd: "set -e; false; echo not reached"},
		{cmd: "set -eu; echo $NOT_SET_ANYWHERE; echo not reached"},
		{cmd: "set -o pipefail; false | true; echo $?"},
		{cmd: "read x; echo rc=$? x=[$x]"},
		{cmd: "cat; echo cat-done"},
		{cmd: "wc -c"},
		{cmd: "sleep 0.2 & echo started; wait; echo waited $?"},
		{cmd: "(sleep 300 &); sleep 300 & echo left running"},
		{cmd: "seq 1 30000; exit 2"},
		{cmd: `for i in $(seq 1 200); do printf "%03d%01000d\n" $i 0; done`},
		{cmd: "sleep 30", timeout: 1},
		{cmd: "echo before; sleep 30 & wait", timeout: 1},
		{cmd: "nosuchcommand_warm_test"},
		{cmd: "true\nnosuchcommand_warm_test\necho line $LINENO"},
		{cmd: "cd /nonexistent_warm_test"},
		{cmd: "return 3"},
		{cmd: "local x"},
		{cmd: "shift"},
		{cmd: "kill -TERM $$"},
		{cmd: "kill -KILL $$"},
		{cmd: "trap 'echo bye' EXIT; echo hi"},
		{cmd: "trap 'echo term' TERM; kill -TERM $$; echo after"},
		{cmd: `f() { echo "${FUNCNAME[*]}|${BASH_LINENO[*]}|${BASH_SOURCE[*]}"; caller 0; }; f`},
		{cmd: `echo "$0|$#|$-|$BASH_ARGV0|${#BASH_ARGV[@]}|$SHLVL|$BASH_SUBSHELL"`},
		{cmd: `echo "[$_]"`},
		{cmd: `echo "$SECONDS"`},
		{cmd: `echo "$?"`},
		{cmd: `echo "$BASH_EXECUTION_STRING"`},
		{cmd: "declare -p BASH_EXECUTION_STRING\n\n"},
		{cmd: "echo a\n\n\n"},
		{cmd: "  \t echo \"[$BASH_EXECUTION_STRING]\"  \t\n\n"},
		{cmd: `echo 'a\b' "c\\d" \\e; printf '%s\n' 'it''s' "q\"q"`},
		{cmd: "printf 'héllo wörld ✓\\n'; echo ünïcode"},
		{cmd: "echo $PWD; pwd; echo ${OLDPWD-unset}; ls"},
		{cmd: "echo $PAGER $GIT_PAGER"},
		{cmd: "env | sort"},
		{cmd: "ls /proc/$$/fd; :"}, // the shell's descriptors (not ls's: see TestWarmKnownDifferences)
		{cmd: "[ $$ = $BASHPID ] && [ $(ps -o pgid= $$) = $$ ] && echo own-group"},
		{cmd: "[ $PPID = " + strconv.Itoa(os.Getpid()) + " ] && echo child-of-us"},
		{cmd: "tty; [ -t 0 ] || echo stdin-not-a-tty"},
		{cmd: "set -o; shopt; trap -p; umask; ulimit -a; alias; declare -f; jobs"},
		{cmd: "exec echo replaced"},
		{cmd: "exec 3>&1; echo via3 >&3; cat <&3"},
		{cmd: "shopt -s expand_aliases; alias hi='echo aliased'\nhi"},
		{cmd: "shopt -s extglob\nx=abc; echo ${x/+(b)/B}"},
		{cmd: "echo $(( 6 * 7 )) ${#PATH} $((RANDOM >= 0))"},
		{cmd: "cat <<'EOF'\nheredoc $x\nEOF"},
		{cmd: `printf '\033[1;31mred\033[0m \377'`},
		{cmd: "head -c 100000 /dev/zero | tr '\\0' x; echo"},
		{cmd: "break; continue; echo $?"},
		{cmd: "history; echo $HISTCMD"},
		{cmd: "set -v; true\necho verbose"},
		{cmd: "trap 'echo err $LINENO' ERR; true; false; echo after"},
		{cmd: "set -E; trap 'echo E' ERR; f() { false; }; f"},
		{cmd: "trap 'echo dbg $BASH_COMMAND' DEBUG; true"},
		{cmd: "grep '^SigIgn' /proc/$$/status; :"}, // (what bash catches depends on where it is while grep reads)
		{cmd: "sleep 5 & kill %1; wait; echo $?"},
		{cmd: "set -m; echo $-"},
		{cmd: "exec bash -c 'echo $SHLVL $0'"},
		{cmd: "-h"},
		{cmd: "--version"},
		{cmd: "-x; echo hi $?"},
		{cmd: "+x"},
		{cmd: "--"},
		{cmd: "printf '%s' '" + strings.Repeat("é", 2000) + "' | wc -c; echo ${#BASH_EXECUTION_STRING}"},
	} {
		args := map[string]any{"command": tc.cmd}
		if tc.timeout > 0 {
			args["timeout"] = tc.timeout
		}
		cold, coldRes, err := runVia(context.Background(), t, env, args, false)
		if err != nil {
			t.Fatalf("%q cold: %v", tc.cmd, err)
		}
		warm, warmRes, err := runVia(context.Background(), t, env, args, true)
		if err != nil {
			t.Fatalf("%q warm: %v", tc.cmd, err)
		}
		compareResults(t, tc.cmd, cold, coldRes, warm, warmRes)
	}
}

// compareResults fails when a warm result differs from the cold one in
// anything but its wall time and spill file name.
func compareResults(t *testing.T, name string, cold BashResult, coldRes tools.Result, warm BashResult, warmRes tools.Result) {
	t.Helper()
	if warm.Output != cold.Output || deref(warm.ExitCode) != deref(cold.ExitCode) || warm.TimedOut != cold.TimedOut ||
		warm.Truncated != cold.Truncated || warm.TimeoutSeconds != cold.TimeoutSeconds || len(warm.Notes) != len(cold.Notes) {
		t.Errorf("%q differs:\ncold: exit %v timedOut %v truncated %v notes %q output %q\nwarm: exit %v timedOut %v truncated %v notes %q output %q",
			name, deref(cold.ExitCode), cold.TimedOut, cold.Truncated, cold.Notes, cold.Output,
			deref(warm.ExitCode), warm.TimedOut, warm.Truncated, warm.Notes, warm.Output)
		return
	}
	if (cold.FullOutputPath == "") != (warm.FullOutputPath == "") {
		t.Errorf("%q: spill file cold %q, warm %q", name, cold.FullOutputPath, warm.FullOutputPath)
	} else if cold.FullOutputPath != "" {
		a, _ := os.ReadFile(cold.FullOutputPath)
		b, _ := os.ReadFile(warm.FullOutputPath)
		if string(a) != string(b) || len(a) == 0 {
			t.Errorf("%q: spill files differ (%d and %d bytes)", name, len(a), len(b))
		}
	}
	if norm := func(r tools.Result, path, artifact string) string {
		if path != "" {
			return strings.ReplaceAll(r.Text, path+" ("+artifact+")", "$SPILL")
		}
		return r.Text
	}; norm(coldRes, cold.FullOutputPath, cold.Artifact) != norm(warmRes, warm.FullOutputPath, warm.Artifact) {
		t.Errorf("%q: text differs:\ncold: %q\nwarm: %q", name, coldRes.Text, warmRes.Text)
	}
}

// TestWarmKnownDifferences pins what the package documentation says still
// differs on a warm shell, so that the documentation stays true.
func TestWarmKnownDifferences(t *testing.T) {
	allowWarm(t)
	env := newEnv(t)
	// bash -c execs its last simple command; a warm shell forks it, and
	// reports its death by a signal (same exit code).
	cmd := `sh -c 'kill -SEGV $$'`
	cold, _, _ := runVia(context.Background(), t, env, map[string]any{"command": cmd}, false)
	warm, _, _ := runVia(context.Background(), t, env, map[string]any{"command": cmd}, true)
	if cold.Output != "" || *cold.ExitCode != 139 || *warm.ExitCode != 139 ||
		!regexp.MustCompile(`^`+bashPath()+`: line 1: +\d+ Segmentation fault +sh -c 'kill -SEGV \$\$'\n$`).MatchString(warm.Output) {
		t.Errorf("last command killed by SIGSEGV: cold %q exit %d, warm %q exit %d", cold.Output, *cold.ExitCode, warm.Output, *warm.ExitCode)
	}
	// Not the last command: bash -c reports it too, and both paths agree.
	cmd = `sh -c 'kill -SEGV $$'; echo after`
	cold, _, _ = runVia(context.Background(), t, env, map[string]any{"command": cmd}, false)
	warm, _, _ = runVia(context.Background(), t, env, map[string]any{"command": cmd}, true)
	pid := regexp.MustCompile(`line 1: +\d+ `)
	if c, w := pid.ReplaceAllString(cold.Output, "PID"), pid.ReplaceAllString(warm.Output, "PID"); c != w || !strings.Contains(c, "Segmentation fault") {
		t.Errorf("earlier command killed by SIGSEGV: cold %q, warm %q", cold.Output, warm.Output)
	}
	// The state before the first command: PIPESTATUS set, _ not exported.
	cmd = `declare -p PIPESTATUS _ 2>&1`
	cold, _, _ = runVia(context.Background(), t, env, map[string]any{"command": cmd}, false)
	warm, _, _ = runVia(context.Background(), t, env, map[string]any{"command": cmd}, true)
	if !strings.HasPrefix(cold.Output, bashPath()+": line 1: declare: PIPESTATUS: not found\ndeclare -x _=") ||
		!strings.HasPrefix(warm.Output, "declare -a PIPESTATUS=([0]=\"0\")\ndeclare -- _=") {
		t.Errorf("first-command state: cold %q, warm %q", cold.Output, warm.Output)
	}
	// The last command runs as a child: ls lists its own descriptors on the
	// cold path, the shell's on the warm one (which cannot exec it).
	cold, _, _ = runVia(context.Background(), t, env, map[string]any{"command": "ls /proc/$$/fd"}, false)
	warm, _, _ = runVia(context.Background(), t, env, map[string]any{"command": "ls /proc/$$/fd"}, true)
	if !strings.Contains(cold.Output, "\n3\n") || strings.Contains(warm.Output, "\n3\n") {
		t.Errorf("descriptors of $$: cold %q, warm %q", cold.Output, warm.Output)
	}
	// xtrace the command does not spell out: one more PS4 character.
	cmd = `eval "set -x"; true`
	cold, _, _ = runVia(context.Background(), t, env, map[string]any{"command": cmd}, false)
	warm, _, _ = runVia(context.Background(), t, env, map[string]any{"command": cmd}, true)
	if cold.Output != "+ true\n" || warm.Output != "++ true\n" {
		t.Errorf("xtrace via eval: cold %q, warm %q", cold.Output, warm.Output)
	}
	// The shell's own command line is the boot script.
	cold, _, _ = runVia(context.Background(), t, env, map[string]any{"command": `tr '\0' ' ' </proc/$$/cmdline`}, false)
	warm, _, _ = runVia(context.Background(), t, env, map[string]any{"command": `tr '\0' ' ' </proc/$$/cmdline`}, true)
	if !strings.HasSuffix(cold.Output, " -c -- tr '\\0' ' ' </proc/$$/cmdline ") || !strings.Contains(warm.Output, bootMarker) {
		t.Errorf("cmdline: cold %q, warm %q", cold.Output, warm.Output)
	}
}

// TestWarmEligibility: which calls run warm. Anything but a plain default
// call, and commands or environments a warm shell could get wrong, run
// cold; the result is right either way.
func TestWarmEligibility(t *testing.T) {
	allowWarm(t)
	env := newEnv(t)
	os.Mkdir(filepath.Join(env.Root, "sub"), 0o755)
	big := "echo " + strings.Repeat("x", maxWarmCommand)
	for _, tc := range []struct {
		args map[string]any
		warm bool
	}{
		{map[string]any{"command": "true"}, true},
		{map[string]any{"command": "pwd", "cwd": "."}, true},
		{map[string]any{"command": "pwd", "cwd": env.Root}, true},
		{map[string]any{"command": "pwd", "env": map[string]string{}}, true},
		{map[string]any{"command": "echo " + strings.Repeat("x", maxWarmCommand-5)}, true},
		{map[string]any{"command": "pwd", "cwd": "sub"}, false},
		{map[string]any{"command": "echo $A", "env": map[string]string{"A": "1"}}, false},
		{map[string]any{"command": "tty", "pty": true}, false},
		{map[string]any{"command": big}, false},
		{map[string]any{"command": "if"}, false},
		{map[string]any{"command": "echo 'unterminated"}, false},
		{map[string]any{"command": "echo a\nif then"}, false},
		{map[string]any{"command": "echo $((1 +))"}, false},
		{map[string]any{"command": "set -x; true"}, false},
		{map[string]any{"command": "set -euxo pipefail; true"}, false},
		{map[string]any{"command": "set -o xtrace; true"}, false},
		{map[string]any{"command": "shopt -os xtrace; true"}, false},
		{map[string]any{"command": "f() { (set +x -e); }; f"}, false},
		{map[string]any{"command": "set $opts; true"}, false},
		{map[string]any{"command": "builtin set -x; true"}, false},
		{map[string]any{"command": "command -p set -o 'xtrace'; true"}, false},
		{map[string]any{"command": `"set" "-x"; true`}, false},
		{map[string]any{"command": "set +e -e; set -; true"}, true},
		{map[string]any{"command": "echo $(command -v set)"}, true},
		{map[string]any{"command": "set -euo pipefail; true"}, true},
		{map[string]any{"command": "set -- -x; echo $1"}, true},
		{map[string]any{"command": "echo set -x"}, true},
	} {
		raw, _ := json.Marshal(tc.args)
		var a bashArgs
		json.Unmarshal(raw, &a)
		c, _, err := prepare(env, a)
		if err != nil {
			t.Fatal(err)
		}
		if c.warm != tc.warm {
			t.Errorf("%.60v: warm = %v, want %v", tc.args, c.warm, tc.warm)
		}
		if tc.args["pty"] == nil {
			// Through the tool: served by the pool exactly when eligible.
			before := poolOf(env).served.Load()
			res, err := invoke(t, env, Bash(), tc.args)
			if err != nil {
				t.Fatalf("%.60v: %v", tc.args, err)
			}
			if served := poolOf(env).served.Load() - before; served != map[bool]int64{true: 1, false: 0}[tc.warm] {
				t.Errorf("%.60v: served warm %d times", tc.args, served)
			}
			if res.Structured.(BashResult).ExitCode == nil {
				t.Errorf("%.60v: no exit code", tc.args)
			}
		}
	}
	// Syntax errors run cold, so they read as bash -c reports them.
	r, _ := runBashOK(t, env, map[string]any{"command": "echo a\nif then"})
	if b := bashPath(); r.Output != "a\n"+b+": -c: line 2: syntax error near unexpected token `then'\n"+b+": -c: line 2: `if then'\n" || *r.ExitCode != 2 {
		t.Errorf("syntax error: %q exit %d", r.Output, *r.ExitCode)
	}
	// xtrace shows bash -c's prefix.
	r, _ = runBashOK(t, env, map[string]any{"command": "set -eux; (true)"})
	if r.Output != "+ true\n" {
		t.Errorf("set -x: %q", r.Output)
	}
	// Runtime arithmetic errors are bash's too.
	r, _ = runBashOK(t, env, map[string]any{"command": "echo $((1 +))"})
	if !strings.HasPrefix(r.Output, bashPath()+": line 1: 1 +: syntax error") || *r.ExitCode != 1 {
		t.Errorf("arithmetic error: %q exit %d", r.Output, *r.ExitCode)
	}
	// A command too long for an argument fails as it always did.
	_, err := invoke(t, env, Bash(), map[string]any{"command": "echo " + strings.Repeat("x", 200<<10)})
	if err == nil || !strings.Contains(err.Error(), "argument list too long") {
		t.Errorf("200 KB command: %v", err)
	}
}

// TestWarmColdEnvironment: variables that make bash work at start-up send
// calls cold, so BASH_ENV is sourced when the call runs.
func TestWarmColdEnvironment(t *testing.T) {
	allowWarm(t)
	env := newEnv(t)
	rc := filepath.Join(t.TempDir(), "rc")
	os.WriteFile(rc, []byte("echo sourced $(cat "+filepath.Join(env.Root, "n")+")\n"), 0o644)
	for _, kv := range [][2]string{{"BASH_ENV", rc}, {"SHELLOPTS", "xtrace"}, {"BASHOPTS", "extglob"}, {"POSIXLY_CORRECT", "1"}, {"BASH_FUNC_read%%", "() { echo shadowed; }"}} {
		t.Run(kv[0], func(t *testing.T) {
			t.Setenv(kv[0], kv[1])
			os.WriteFile(filepath.Join(env.Root, "n"), []byte("1"), 0o644)
			runBashOK(t, env, map[string]any{"command": "true"}) // would leave spares
			os.WriteFile(filepath.Join(env.Root, "n"), []byte("2"), 0o644)
			before := poolOf(env).served.Load()
			r, _ := runBashOK(t, env, map[string]any{"command": "echo hi"})
			if poolOf(env).served.Load() != before {
				t.Errorf("%s set: served warm", kv[0])
			}
			if kv[0] == "BASH_ENV" && r.Output != "sourced 2\nhi\n" {
				t.Errorf("BASH_ENV: output %q, want it sourced at call time", r.Output)
			}
			if kv[0] == "SHELLOPTS" && r.Output != "+ echo hi\nhi\n" {
				t.Errorf("SHELLOPTS=xtrace: output %q", r.Output)
			}
		})
	}
}

// sparePids returns the pids of the spares waiting in env's pool, once it
// holds its target and no spawn is under way.
func sparePids(env *tools.Env) (pids []int, full bool) {
	pl := poolOf(env)
	pl.mu.Lock()
	defer pl.mu.Unlock()
	for _, s := range pl.spares {
		pids = append(pids, s.p.cmd.Process.Pid)
	}
	return pids, len(pl.spares) == pl.target && pl.starting == 0
}

// fullPool waits until env's pool holds its target and returns the pids.
func fullPool(t *testing.T, env *tools.Env) []int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if p, full := sparePids(env); full {
			return p
		}
		if time.Now().After(deadline) {
			n, target := poolOf(env).size()
			t.Fatalf("the pool holds %d spares, its target is %d", n, target)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// filledPool returns a session whose pool, after one call, holds n spares,
// and their pids.
func filledPool(t *testing.T, n int) (*tools.Env, []int) {
	t.Helper()
	env := newEnv(t)
	setTarget(env, n)
	runBashOK(t, env, map[string]any{"command": "true"})
	return env, fullPool(t, env)
}

// setTarget makes env's pool keep n spares.
func setTarget(env *tools.Env, n int) {
	pl := poolOf(env)
	pl.mu.Lock()
	pl.target = n
	pl.mu.Unlock()
}

// alive reports whether pid exists (zombies included).
func alive(pid int) bool { return syscall.Kill(pid, 0) == nil }

func waitGone(t *testing.T, pids ...int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for _, pid := range pids {
		for alive(pid) {
			if time.Now().After(deadline) {
				t.Fatalf("spare %d is still there: %v", pid, groupAlive(t, pid))
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// TestPoolLifecycle: a spare is started after a call, set up as a cold
// start would be; back-to-back calls grow the pool; spares are replaced as
// they are used and killed by Session.Close.
func TestPoolLifecycle(t *testing.T) {
	allowWarm(t)
	env := newEnv(t)
	runBashOK(t, env, map[string]any{"command": "true"})
	if pids := fullPool(t, env); len(pids) != 1 {
		t.Fatalf("after one call: spares %v, want one", pids)
	}
	// Calls that find no spare ready raise the target, up to maxSpares.
	for i := 0; ; i++ {
		if _, target := poolOf(env).size(); target > 1 {
			break
		}
		if i == 200 {
			t.Fatal("200 back-to-back calls did not grow the pool")
		}
		runBashOK(t, env, map[string]any{"command": "true"})
	}
	var wg sync.WaitGroup
	for range 3 * maxSpares {
		wg.Add(1)
		go func() { defer wg.Done(); runBashOK(t, env, map[string]any{"command": "true"}) }()
	}
	wg.Wait()
	pids := fullPool(t, env)
	if len(pids) < 2 || len(pids) > maxSpares {
		t.Fatalf("after back-to-back calls: %d spares", len(pids))
	}
	for _, pid := range pids {
		cwd, _ := os.Readlink(fmt.Sprintf("/proc/%d/cwd", pid))
		pgid, _ := syscall.Getpgid(pid)
		environ, _ := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid))
		if cwd != env.Root || pgid != pid || !strings.Contains(string(environ), "\x00PAGER=cat\x00") || !strings.Contains(string(environ), "PWD="+env.Root+"\x00") {
			t.Errorf("spare %d: cwd %s pgid %d environ %q", pid, cwd, pgid, environ)
		}
		fd := func(n int) string { l, _ := os.Readlink(fmt.Sprintf("/proc/%d/fd/%d", pid, n)); return l }
		if fd(0) != "/dev/null" || !strings.HasPrefix(fd(1), "pipe:") || fd(2) != fd(1) || !strings.HasPrefix(fd(3), "pipe:") || fd(3) == fd(1) {
			t.Errorf("spare %d: descriptors 0-3 are %q %q %q %q", pid, fd(0), fd(1), fd(2), fd(3))
		}
	}
	// A call takes the oldest; the pool refills.
	r, _ := runBashOK(t, env, map[string]any{"command": "echo $$"})
	if strings.TrimSpace(r.Output) != strconv.Itoa(pids[0]) {
		t.Errorf("ran in %q, want the first spare %d", r.Output, pids[0])
	}
	waitGone(t, pids[0])
	now := fullPool(t, env)
	if now[0] != pids[1] || len(now) != len(pids) {
		t.Errorf("spares %v after the call, want %d spares, %d first", now, len(pids), pids[1])
	}
	// Close kills them; later default calls run cold and start none.
	if err := env.Session.Close(); err != nil {
		t.Fatal(err)
	}
	waitGone(t, now...)
	if left := sparesOf(os.Getpid()); len(left) != 0 {
		t.Errorf("after Close: %v", left)
	}
	before := poolOf(env).served.Load()
	r, _ = runBashOK(t, env, map[string]any{"command": "echo after close"})
	// Refills are registered before a call returns: once the spawns under
	// way have ended, the pool is as it will stay.
	poolOf(env).spawns.Wait()
	if n, _ := poolOf(env).size(); r.Output != "after close\n" || poolOf(env).served.Load() != before || n != 0 {
		t.Errorf("after Close: %q, served %d, %d spares", r.Output, poolOf(env).served.Load()-before, n)
	}
}

// TestPoolStaleness: a spare whose root was replaced, whose environment
// changed or that died is not used; the call runs on a fresh shell.
func TestPoolStaleness(t *testing.T) {
	allowWarm(t)
	env, old := filledPool(t, 2)

	// The root removed and recreated: same path, new directory.
	os.RemoveAll(env.Root)
	os.Mkdir(env.Root, 0o755)
	os.WriteFile(filepath.Join(env.Root, "new"), nil, 0o644)
	r, _ := runBashOK(t, env, map[string]any{"command": "pwd; ls; echo $$"})
	if !strings.HasPrefix(r.Output, env.Root+"\nnew\n") || *r.ExitCode != 0 {
		t.Errorf("after the root was replaced: %q", r.Output)
	}
	for _, pid := range old {
		if strings.Contains(r.Output, strconv.Itoa(pid)+"\n") {
			t.Errorf("ran on stale spare %d", pid)
		}
	}
	waitGone(t, old...)

	// The environment changed.
	old = fullPool(t, env)
	t.Setenv("WARM_TEST_VAR", "fresh")
	r, _ = runBashOK(t, env, map[string]any{"command": "echo $WARM_TEST_VAR"})
	if r.Output != "fresh\n" {
		t.Errorf("after the environment changed: %q", r.Output)
	}
	waitGone(t, old...)

	// A spare killed from outside.
	old = fullPool(t, env)
	syscall.Kill(old[0], syscall.SIGKILL)
	waitGone(t, old[0])
	r, _ = runBashOK(t, env, map[string]any{"command": "echo $$"})
	if strings.TrimSpace(r.Output) != strconv.Itoa(old[1]) {
		t.Errorf("after a spare died: ran in %q, want %d", r.Output, old[1])
	}
}

// TestPoolSkipsSpareDeadUnnoticed: a spare that died but whose exit the
// pool has not noticed yet fails to take its command; the call then goes to
// the next spare, not to a cold start.
func TestPoolSkipsSpareDeadUnnoticed(t *testing.T) {
	allowWarm(t)
	env, old := filledPool(t, 2)

	// The first spare dies; its exited channel is swapped for one that
	// closes later, as if the reaping goroutine had not run yet.
	pl := poolOf(env)
	pl.mu.Lock()
	dead := pl.spares[0].p
	pl.mu.Unlock()
	reaped := dead.exited
	late := make(chan struct{})
	syscall.Kill(old[0], syscall.SIGKILL)
	<-reaped
	pl.mu.Lock()
	dead.exited = late
	pl.mu.Unlock()
	go func() { time.Sleep(200 * time.Millisecond); close(late) }()

	r, _ := runBashOK(t, env, map[string]any{"command": "echo $$"})
	if strings.TrimSpace(r.Output) != strconv.Itoa(old[1]) {
		t.Errorf("ran in %q, want the next spare %d", r.Output, old[1])
	}
}

// TestPoolIdleRetirement: spares nobody takes are retired, and the pool's
// target shrinks back to one.
func TestPoolIdleRetirement(t *testing.T) {
	allowWarm(t)
	saved := spareMaxIdle
	spareMaxIdle = 300 * time.Millisecond
	t.Cleanup(func() { spareMaxIdle = saved }) // after the session's spawns end
	env, pids := filledPool(t, 3)
	waitGone(t, pids...)
	if n, target := poolOf(env).size(); n != 0 || target != 1 {
		t.Errorf("after retirement: %d spares, target %d", n, target)
	}
	r, _ := runBashOK(t, env, map[string]any{"command": "echo again"})
	if r.Output != "again\n" {
		t.Errorf("after retirement: %q", r.Output)
	}
}

// TestSpareExitsWithoutParent: a spare whose command pipe closes without a
// command (its parent died) exits on its own, running nothing.
func TestSpareExitsWithoutParent(t *testing.T) {
	env := newEnv(t)
	info, _ := os.Stat(env.Root)
	vars, _ := environ(nil, env.Root)
	s, err := startSpare(env.Root, info, vars)
	if err != nil {
		t.Fatal(err)
	}
	s.cmd.Close()
	select {
	case <-s.p.exited:
	case <-time.After(10 * time.Second):
		s.discard()
		t.Fatal("the spare did not exit")
	}
	out := newCollector(nil, "", false)
	pump(s.p.out, out)
	if v := out.since(0); v.text != "" || s.p.exitCode() != 0 {
		t.Errorf("spare without a command: output %q exit %d", v.text, s.p.exitCode())
	}
}

// TestWarmConcurrent: many default calls at once, some warm and some on
// shells started for them, all right, none left behind.
func TestWarmConcurrent(t *testing.T) {
	env := newEnv(t)
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := invoke(t, env, Bash(), map[string]any{"command": fmt.Sprintf("echo %d; exit %d", i, i)})
			if err != nil {
				t.Error(err)
				return
			}
			r := res.Structured.(BashResult)
			if r.Output != fmt.Sprintf("%d\n", i) || *r.ExitCode != i {
				t.Errorf("call %d: %q exit %d", i, r.Output, *r.ExitCode)
			}
		}()
	}
	wg.Wait()
}

// TestWarmTimeoutAndCancel: a warm command's timeout and cancellation kill
// its whole group, as on the cold path.
func TestWarmTimeoutAndCancel(t *testing.T) {
	allowWarm(t)
	env := newEnv(t)
	r, _, err := runVia(context.Background(), t, env, map[string]any{"command": spawnTree, "timeout": 1}, true)
	if err != nil || !r.TimedOut || *r.ExitCode != timeoutExitCode {
		t.Fatalf("timeout: %+v %v", r, err)
	}
	waitGroupGone(t, pgidOf(t, r.Output))

	runBashOK(t, env, map[string]any{"command": "true"})
	pids := fullPool(t, env)
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, _, err = runVia(ctx, t, env, map[string]any{"command": spawnTree}, true)
	if tools.CodeOf(err) != tools.ErrCancelled && tools.CodeOf(err) != tools.ErrTimeout {
		t.Fatalf("cancelled: %v (%s)", err, tools.CodeOf(err))
	}
	waitGroupGone(t, pids[0]) // the spare that ran it led the group
}

// TestPoolCloseWhileBusy: Session.Close while calls take spares and spawns
// are under way leaves no spare behind, and every call still runs.
func TestPoolCloseWhileBusy(t *testing.T) {
	allowWarm(t)
	for range 5 {
		env := newEnv(t)
		runBashOK(t, env, map[string]any{"command": "true"}) // the pool exists (see TestPoolAfterClose)
		var wg sync.WaitGroup
		for i := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range 4 {
					r, _ := runBashOK(t, env, map[string]any{"command": fmt.Sprintf("echo %d-%d", i, j)})
					if r.Output != fmt.Sprintf("%d-%d\n", i, j) {
						t.Errorf("output %q", r.Output)
					}
				}
			}()
		}
		time.Sleep(time.Duration(rand.IntN(20)) * time.Millisecond)
		if err := env.Session.Close(); err != nil {
			t.Fatal(err)
		}
		wg.Wait()
		if n, _ := poolOf(env).size(); n != 0 {
			t.Errorf("%d spares in a closed pool", n)
		}
	}
	if code := checkNoSpares(); code != 0 {
		t.Error("spares left running")
	}
}

// TestPoolAfterClose: a call racing the end of its session runs cold, and
// no warm shell outlives the session (Session.State closes state made after
// Close at once).
func TestPoolAfterClose(t *testing.T) {
	allowWarm(t)
	env := newEnv(t)
	env.Session.Close()
	// A call racing the session's end still runs (cold), and the pool it
	// makes is closed at once: nothing is left running.
	runBashOK(t, env, map[string]any{"command": "true"})
	poolOf(env).spawns.Wait()
	out, err := exec.Command("ps", "--ppid", strconv.Itoa(os.Getpid()), "-o", "pid=,args=").Output()
	if err != nil {
		t.Fatalf("ps: %v", err)
	}
	if strings.Contains(string(out), "BASH_EXECUTION_STRING") {
		t.Fatalf("a warm shell is running after Session.Close:\n%s", out)
	}
}

// FuzzWarmable: the choice of path is a pure function of the command, never
// warm for a command too long or one that starts by turning on xtrace.
func FuzzWarmable(f *testing.F) {
	for _, s := range []string{"true", "set -x; true", "set -euxo pipefail", "if", "echo 'a", "builtin set -o xtrace", `"set" "-x"`, "set -- -x", "cat <<EOF\nx\nEOF", "f() { (set +x); }; f", "echo $((1+2)) ${a:-b} $(ls)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		w := warmable(cmd, nil)
		if w != warmable(cmd, nil) {
			t.Fatalf("warmable(%q) is not deterministic", cmd)
		}
		if w && len(cmd) > maxWarmCommand {
			t.Fatalf("warmable(%q): %d bytes", cmd, len(cmd))
		}
		if w && warmable("set -x\n"+cmd, nil) {
			t.Fatalf("warmable(set -x; %q)", cmd)
		}
	})
}
