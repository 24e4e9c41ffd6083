package shell

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/spill"
)

func TestTimeoutValidation(t *testing.T) {
	env := newEnv(t)
	marker := filepath.Join(env.Root, "ran")
	cmd := "touch " + marker
	for _, tc := range []struct {
		timeout string // raw JSON
		want    string // error message, "" for success
		seconds int
		req     float64
	}{
		{"0", "bash: timeout must be greater than 0 seconds, got 0", 0, 0},
		{"-5", "bash: timeout must be greater than 0 seconds, got -5", 0, 0},
		{"3601", "bash: timeout must be at most 3600 seconds, got 3601", 0, 0},
		{"3600.5", "bash: timeout must be at most 3600 seconds, got 3600.5", 0, 0},
		{"1e400", "bash: timeout must be a finite number of seconds, got 1e400", 0, 0},
		{`"5"`, `bash: invalid arguments: at "timeout": got string, want number`, 0, 0},
		{"null", `bash: invalid arguments: at "timeout": got null, want number`, 0, 0},
		{"3600", "", 3600, 3600},
		{"2.9", "", 2, 2.9},
		{"0.25", "", 1, 0.25},
	} {
		os.Remove(marker)
		raw := `{"command":` + strconv.Quote(cmd) + `,"timeout":` + tc.timeout + `}`
		res, err := tools.Invoke(context.Background(), Bash(), env, []byte(raw))
		if tc.want != "" {
			if err == nil || err.Error() != tc.want || tools.CodeOf(err) != tools.ErrInvalidArgs {
				t.Errorf("timeout %s: error %v (code %s), want %q (ERR_INVALID_ARGS)", tc.timeout, err, tools.CodeOf(err), tc.want)
			}
			if _, err := os.Stat(marker); err == nil {
				t.Errorf("timeout %s: the command ran", tc.timeout)
			}
			continue
		}
		if err != nil {
			t.Errorf("timeout %s: %v", tc.timeout, err)
			continue
		}
		r := res.Structured.(BashResult)
		if r.TimeoutSeconds != tc.seconds || r.RequestedTimeoutSeconds != tc.req {
			t.Errorf("timeout %s: timeoutSeconds %d requested %v, want %d, %v", tc.timeout, r.TimeoutSeconds, r.RequestedTimeoutSeconds, tc.seconds, tc.req)
		}
	}
	// Omitted: the default.
	r, _ := runBashOK(t, env, map[string]any{"command": "true"})
	if r.TimeoutSeconds != 300 || r.RequestedTimeoutSeconds != 300 {
		t.Errorf("default timeout = %d/%v, want 300", r.TimeoutSeconds, r.RequestedTimeoutSeconds)
	}
}

func TestArgumentErrors(t *testing.T) {
	env := newEnv(t)
	os.WriteFile(filepath.Join(env.Root, "file"), nil, 0o644)
	for _, tc := range []struct {
		args map[string]any
		code tools.Code
		want string
	}{
		{map[string]any{"command": "  "}, tools.ErrInvalidArgs, "bash: command is empty"},
		{map[string]any{"command": "pwd", "cwd": "missing"}, tools.ErrNotFound, "bash: cwd missing does not exist"},
		{map[string]any{"command": "pwd", "cwd": "file"}, tools.ErrInvalidArgs, "bash: cwd file is not a directory"},
		{map[string]any{"command": "pwd", "env": map[string]string{"A=B": "x"}}, tools.ErrInvalidArgs, `bash: env name "A=B" is not a valid variable name`},
		{map[string]any{"command": "pwd", "env": map[string]string{"": "x"}}, tools.ErrInvalidArgs, `bash: env name "" is not a valid variable name`},
		{map[string]any{"command": "a\x00b"}, tools.ErrInvalidArgs, "bash: command contains a NUL byte"},
	} {
		_, err := invoke(t, env, Bash(), tc.args)
		if err == nil || err.Error() != tc.want || tools.CodeOf(err) != tc.code {
			t.Errorf("%v: error %v (%s), want %q (%s)", tc.args, err, tools.CodeOf(err), tc.want, tc.code)
		}
	}
}

func TestExitCodesCwdEnv(t *testing.T) {
	env := newEnv(t)
	os.Mkdir(filepath.Join(env.Root, "sub"), 0o755)
	os.Symlink("sub", filepath.Join(env.Root, "link"))
	for _, tc := range []struct {
		args     map[string]any
		output   string
		exitCode int
	}{
		{map[string]any{"command": "echo out; echo err >&2; echo out2"}, "out\nerr\nout2\n", 0},
		{map[string]any{"command": "exit 7"}, "", 7},
		{map[string]any{"command": "kill -TERM $$"}, "", 143},
		{map[string]any{"command": "pwd", "cwd": "sub"}, filepath.Join(env.Root, "sub") + "\n", 0},
		{map[string]any{"command": "pwd; echo $PWD", "cwd": "link"}, strings.Repeat(filepath.Join(env.Root, "link")+"\n", 2), 0}, // the logical path

		{map[string]any{"command": "echo $FOO-$HOME", "env": map[string]string{"FOO": "bar", "HOME": "/nowhere"}}, "bar-/nowhere\n", 0},
		{map[string]any{"command": "echo $PAGER $GIT_PAGER $GIT_EDITOR $GIT_TERMINAL_PROMPT"}, "cat cat true 0\n", 0},
		{map[string]any{"command": "echo $GIT_EDITOR", "env": map[string]string{"GIT_EDITOR": "ed"}}, "ed\n", 0},
		// git commit without -m ends at once instead of waiting in an editor.
		{map[string]any{"command": "git init -q g && cd g && git -c user.email=a@b -c user.name=n commit -q --allow-empty >/dev/null 2>&1; echo rc=$?", "timeout": 20}, "rc=1\n", 0},
		{map[string]any{"command": "read x; echo got:$x"}, "got:\n", 0}, // stdin is empty, not the caller's
		{map[string]any{"command": `printf '\033[1;31mred\033[0m \033]0;title\007plain'`}, "red plain", 0},
		{map[string]any{"command": `printf 'bin\377\376ary'`}, "bin\uFFFDary", 0},
		{map[string]any{"command": "[[ -n x ]] && arr=(a b) && echo ${arr[1]}"}, "b\n", 0},       // bash, not sh
		{map[string]any{"command": "-h"}, bashPath() + ": line 1: -h: command not found\n", 127}, // a command, not bash's options
		{map[string]any{"command": "+x; echo $-"}, bashPath() + ": line 1: +x: command not found\nhBc\n", 0},
	} {
		r, res := runBashOK(t, env, tc.args)
		if r.Output != tc.output || r.ExitCode == nil || *r.ExitCode != tc.exitCode || r.TimedOut || r.Truncated {
			t.Errorf("%v: output %q exit %v timedOut %v truncated %v; want %q exit %d", tc.args, r.Output, deref(r.ExitCode), r.TimedOut, r.Truncated, tc.output, tc.exitCode)
		}
		if tc.exitCode != 0 && !strings.HasSuffix(res.Text, fmt.Sprintf("Exit code: %d", tc.exitCode)) {
			t.Errorf("%v: text %q lacks the exit code", tc.args, res.Text)
		}
		if tc.exitCode == 0 && strings.Contains(res.Text, "Exit code") {
			t.Errorf("%v: text %q shows a zero exit code", tc.args, res.Text)
		}
	}
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

func TestPty(t *testing.T) {
	env := newEnv(t)
	r, _ := runBashOK(t, env, map[string]any{"command": "tty; [ -t 0 ] && [ -t 1 ] && [ -t 2 ] && echo all-tty; printf 'a\\nb\\n'", "pty": true})
	if !regexp.MustCompile(`^/dev/pts/\d+\nall-tty\na\nb\n$`).MatchString(r.Output) {
		t.Errorf("pty output = %q, want a /dev/pts path, all-tty and LF line ends", r.Output)
	}
	if len(r.Notes) != 0 {
		t.Errorf("notes = %v", r.Notes)
	}
	// Nobody types: reading the terminal gets end-of-file, not a hang.
	start := time.Now()
	r, _ = runBashOK(t, env, map[string]any{"command": "read x; echo rc=$?", "pty": true, "timeout": 10})
	if r.Output != "rc=1\n" || time.Since(start) > 5*time.Second {
		t.Errorf("read in a pty: %q after %v", r.Output, time.Since(start))
	}
	// Without pty: pipes.
	r, _ = runBashOK(t, env, map[string]any{"command": "tty"})
	if r.Output != "not a tty\n" || *r.ExitCode != 1 {
		t.Errorf("pipe tty = %q exit %d", r.Output, *r.ExitCode)
	}
	// Forced pipes.
	for _, v := range []string{"ATOMIC_NO_PTY", "PI_NO_PTY"} {
		t.Run(v, func(t *testing.T) {
			t.Setenv(v, "1")
			r, _ := runBashOK(t, env, map[string]any{"command": "tty", "pty": true})
			if r.Output != "not a tty\n" || len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "ATOMIC_NO_PTY/PI_NO_PTY is set") {
				t.Errorf("forced pipes: output %q notes %v", r.Output, r.Notes)
			}
		})
	}
}

func TestPtyFallback(t *testing.T) {
	env := newEnv(t)
	saved := openPty
	openPty = func() (*os.File, *os.File, error) { return nil, nil, errors.New("open /dev/ptmx: no such device") }
	defer func() { openPty = saved }()
	r, res := runBashOK(t, env, map[string]any{"command": "tty", "pty": true})
	if r.Output != "not a tty\n" || len(r.Notes) != 1 || r.Notes[0] != "pty unavailable, ran with pipes: open /dev/ptmx: no such device" {
		t.Errorf("fallback: output %q notes %q", r.Output, r.Notes)
	}
	if !strings.Contains(res.Text, "Note: pty unavailable, ran with pipes") {
		t.Errorf("text %q does not mention the fallback", res.Text)
	}
}

// groupAlive reports whether any process (zombies included) is in pgid.
func groupAlive(t *testing.T, pgid int) []string {
	out, err := exec.Command("ps", "-eo", "pid=,pgid=,stat=,args=").Output()
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) >= 3 && f[1] == strconv.Itoa(pgid) {
			left = append(left, line)
		}
	}
	return left
}

// waitGroupGone polls ps until nothing of pgid is left, zombies included
// (orphans are reaped by init, which may take a moment).
func waitGroupGone(t *testing.T, pgid int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		left := groupAlive(t, pgid)
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("process group %d survived:\n%s", pgid, strings.Join(left, "\n"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// spawnTree is a command that prints its process group, then leaves a tree
// of children and grandchildren (one of them ignoring SIGTERM) running.
const spawnTree = `echo pgid=$$; (trap '' TERM; sleep 300) & bash -c 'sleep 300 & sleep 300 & wait' & sleep 300`

func pgidOf(t *testing.T, output string) int {
	t.Helper()
	m := regexp.MustCompile(`pgid=(\d+)`).FindStringSubmatch(output)
	if m == nil {
		t.Fatalf("no pgid in %q", output)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

func TestTimeoutKillsTheWholeGroup(t *testing.T) {
	for _, usePty := range []bool{false, true} {
		t.Run(fmt.Sprintf("pty=%v", usePty), func(t *testing.T) {
			env := newEnv(t)
			start := time.Now()
			r, res := runBashOK(t, env, map[string]any{"command": spawnTree, "timeout": 1, "pty": usePty})
			if el := time.Since(start); el > 10*time.Second {
				t.Errorf("timeout of 1 s took %v", el)
			}
			if !r.TimedOut || *r.ExitCode != timeoutExitCode || r.TimeoutSeconds != 1 {
				t.Errorf("result %+v, want timedOut with exit %d", r, timeoutExitCode)
			}
			if !strings.HasSuffix(res.Text, "Command timed out after 1 second; its process group was killed") {
				t.Errorf("text = %q", res.Text)
			}
			waitGroupGone(t, pgidOf(t, r.Output))
		})
	}
}

func TestCancelKillsTheWholeGroup(t *testing.T) {
	env := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type ret struct {
		res tools.Result
		err error
	}
	done := make(chan ret, 1)
	seen := make(chan string, 10)
	ctx = tools.WithProgress(ctx, func(p tools.Progress) {
		select {
		case seen <- p.Data.(map[string]any)["output"].(string):
		default:
		}
	})
	go func() {
		res, err := invokeCtx(ctx, t, env, Bash(), map[string]any{"command": spawnTree + "; echo never"})
		done <- ret{res, err}
	}()
	var pgid int
	select {
	case out := <-seen: // the first progress report carries the output so far
		pgid = pgidOf(t, out)
	case <-time.After(10 * time.Second):
		t.Fatal("no progress report")
	}
	cancel()
	select {
	case r := <-done:
		if r.err == nil || tools.CodeOf(r.err) != tools.ErrCancelled || !strings.Contains(r.err.Error(), "process group was killed") {
			t.Errorf("cancelled call: %v (%s)", r.err, tools.CodeOf(r.err))
		}
	case <-time.After(10 * time.Second):
		t.Fatal("cancel did not end the call")
	}
	waitGroupGone(t, pgid)
}

func TestLeftoverProcessesAreKilled(t *testing.T) {
	env := newEnv(t)
	start := time.Now()
	r, _ := runBashOK(t, env, map[string]any{"command": "echo pgid=$$; sleep 300 & (sleep 300 &); echo done"})
	if el := time.Since(start); el > 10*time.Second {
		t.Errorf("command with leftovers took %v", el)
	}
	if !strings.HasSuffix(r.Output, "done\n") || *r.ExitCode != 0 {
		t.Errorf("result %+v", r)
	}
	waitGroupGone(t, pgidOf(t, r.Output))
}

func TestTruncationAndSpill(t *testing.T) {
	env := newEnv(t)
	// Small output: whole, no file.
	r, _ := runBashOK(t, env, map[string]any{"command": "seq 1 1000"})
	if r.Truncated || r.FullOutputPath != "" || strings.Count(r.Output, "\n") != 1000 {
		t.Errorf("small output: truncated %v path %q lines %d", r.Truncated, r.FullOutputPath, strings.Count(r.Output, "\n"))
	}
	// Many lines: the last 2000 shown, the whole stream in the file.
	r, res := runBashOK(t, env, map[string]any{"command": "seq 1 30000; exit 2"})
	lines := strings.Split(strings.TrimSuffix(r.Output, "\n"), "\n")
	if !r.Truncated || len(lines) != resultLines || lines[0] != "28001" || lines[len(lines)-1] != "30000" {
		t.Errorf("many lines: truncated %v, %d lines from %q to %q", r.Truncated, len(lines), lines[0], lines[len(lines)-1])
	}
	want, _ := exec.Command("seq", "1", "30000").Output()
	if got, err := os.ReadFile(r.FullOutputPath); err != nil || string(got) != string(want) {
		t.Errorf("spill file differs from the output (%d vs %d bytes, %v)", len(got), len(want), err)
	}
	if fi, err := os.Stat(r.FullOutputPath); err != nil || fi.Mode().Perm() != 0o600 || filepath.Dir(r.FullOutputPath) != env.Spill.Path() {
		t.Errorf("spill file %s: %v %v", r.FullOutputPath, fi.Mode(), err)
	}
	if res.FullOutputPath != r.FullOutputPath {
		t.Errorf("Result.FullOutputPath = %q", res.FullOutputPath)
	}
	if r.Artifact != "artifact://1" {
		t.Errorf("artifact = %q, want artifact://1", r.Artifact)
	}
	wantText := "[Output truncated: showing the last 2000 of 30000 lines (11.7 KB of 164.9 KB)]\nFull output: " + r.FullOutputPath + " (artifact://1)\nExit code: 2"
	if !strings.HasSuffix(res.Text, "\n30000\n"+wantText) {
		t.Errorf("text ends %q", res.Text[len(res.Text)-200:])
	}
	// Long lines: the last 50 KB, starting at a line boundary.
	r, _ = runBashOK(t, env, map[string]any{"command": `for i in $(seq 1 200); do printf "%03d%01000d\n" $i 0; done`})
	if !r.Truncated || len(r.Output) > resultBytes || !strings.HasPrefix(r.Output, "151") || !strings.HasSuffix(r.Output, "\n") {
		t.Errorf("long lines: %d bytes starting %q", len(r.Output), r.Output[:10])
	}
	// One huge line: its end, at a character boundary.
	r, _ = runBashOK(t, env, map[string]any{"command": `for i in $(seq 1 30000); do printf 'é'; done; printf END`})
	if !r.Truncated || !strings.HasSuffix(r.Output, "éEND") || strings.ContainsRune(r.Output, '\uFFFD') || len(r.Output) > resultBytes {
		t.Errorf("huge line: %d bytes, suffix %q", len(r.Output), r.Output[len(r.Output)-10:])
	}
}

func TestNoSpillDir(t *testing.T) {
	for name, dir := range map[string]*spill.Dir{
		"nil":         nil,
		"unavailable": spill.Unavailable(&spill.UnsafeError{Path: "/tmp/atomic-0", Reason: "is a symbolic link"}),
	} {
		t.Run(name, func(t *testing.T) {
			env := newEnv(t)
			env.Spill = dir
			r, res := runBashOK(t, env, map[string]any{"command": "seq 1 30000"})
			if !r.Truncated || r.FullOutputPath != "" || len(r.Notes) != 1 || !strings.HasPrefix(r.Notes[0], "no spill file could be made: ") {
				t.Fatalf("result: truncated %v path %q notes %q", r.Truncated, r.FullOutputPath, r.Notes)
			}
			if strings.Contains(res.Text, "Full output:") || !strings.Contains(res.Text, "Note: no spill file could be made: ") {
				t.Errorf("text: %q", res.Text[len(res.Text)-200:])
			}
			if dir != nil && !strings.Contains(r.Notes[0], "is a symbolic link") {
				t.Errorf("note %q does not say why", r.Notes[0])
			}
		})
	}
}

// TestHundredMegabytes streams 100 MB through bash: the result stays small,
// the spill file holds the first 64 MB and the truncation line.
func TestHundredMegabytes(t *testing.T) {
	if testing.Short() {
		t.Skip("100 MB stream")
	}
	env := newEnv(t)
	start := time.Now()
	r, res := runBashOK(t, env, map[string]any{"command": `yes 0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmn | head -c 100000000`})
	el := time.Since(start)
	if !r.Truncated || len(r.Output) > resultBytes || *r.ExitCode != 0 {
		t.Fatalf("truncated %v, %d bytes of output, exit %d", r.Truncated, len(r.Output), *r.ExitCode)
	}
	if !strings.Contains(res.Text, "of 95.4 MB)]") {
		t.Errorf("text does not report 95.4 MB: %q", res.Text[len(res.Text)-300:])
	}
	fi, err := os.Stat(r.FullOutputPath)
	if err != nil {
		t.Fatal(err)
	}
	tail := "\n" + spill.TruncationLine + "\n" // lines are 100 bytes: the cut is mid-line
	if fi.Size() != spill.Cap+int64(len(tail)) {
		t.Errorf("spill file is %d bytes, want %d", fi.Size(), spill.Cap+int64(len(tail)))
	}
	f, _ := os.Open(r.FullOutputPath)
	buf := make([]byte, len(tail))
	f.ReadAt(buf, spill.Cap)
	f.Close()
	if string(buf) != tail {
		t.Errorf("file ends %q", buf)
	}
	t.Logf("100 MB in %v (%.0f MB/s)", el, 100/el.Seconds())
}

func TestProgress(t *testing.T) {
	env := newEnv(t)
	var got []tools.Progress
	ctx := tools.WithProgress(context.Background(), func(p tools.Progress) { got = append(got, p) })
	if _, err := invokeCtx(ctx, t, env, Bash(), map[string]any{"command": "echo working; sleep 1.5; echo done"}); err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || got[0].Message != "bash: 8 bytes of output so far" || got[0].Data.(map[string]any)["output"] != "working\n" {
		t.Errorf("progress = %+v", got)
	}
}

// TestEscapedProcess: a process that leaves the group (setsid) cannot be
// killed with it; if it keeps the output open, bash stops reading after a
// bound and says so instead of hanging.
func TestEscapedProcess(t *testing.T) {
	env := newEnv(t)
	start := time.Now()
	r, res := runBashOK(t, env, map[string]any{"command": "setsid sh -c 'touch escaped.ready; exec sleep 30' & while [ ! -e escaped.ready ]; do sleep 0.01; done; echo child=$!"})
	m := regexp.MustCompile(`child=(\d+)`).FindStringSubmatch(r.Output)
	if m == nil {
		t.Fatalf("output %q", r.Output)
	}
	pid, _ := strconv.Atoi(m[1])
	defer func() {
		p, _ := os.FindProcess(pid)
		p.Kill()
	}()
	if el := time.Since(start); el > drainTimeout+8*time.Second {
		t.Errorf("took %v", el)
	}
	if len(r.Notes) != 1 || r.Notes[0] != errHeldOpen.Error() || !strings.Contains(res.Text, "Note: "+errHeldOpen.Error()) {
		t.Errorf("notes %q", r.Notes)
	}
}
