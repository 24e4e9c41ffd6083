//go:build !windows

package main

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
)

// ansi matches the escape sequences a terminal UI draws with (CSI, OSC,
// and two-byte escapes), to read what it showed as text.
var ansi = regexp.MustCompile(`\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])`)

// TestAskPickerOnTerminal: on a terminal, ask_user_question draws a picker
// on stderr (the questions, the numbered options with their
// descriptions) and reads the keys from the terminal: a number picks an
// option, arrows move, space toggles a multiSelect option, enter answers.
// stdout, here a file, holds the --json result alone. Ctrl+C cancels.
func TestAskPickerOnTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the CLI")
	}
	bin := buildCLI(t)
	script := `const r = await tools.ask_user_question({questions: [
	  {header: "Merge approval", question: "Admin-merge the seven PRs?", options: [
	    {label: "Proceed", description: "merge them in order"}, {label: "Wait", description: "ask again tomorrow"}, {label: "Abandon"}]},
	  {header: "Languages", question: "Which languages?", multiSelect: true, options: [
	    {label: "go", description: "Go modules"}, {label: "ts"}, {label: "py"}]}]});
	return r`

	t.Run("answered", func(t *testing.T) {
		// 2 picks "Wait"; enter goes to the next question; down + space
		// toggles ts, 3 toggles py; enter answers.
		keys := []string{"2", "\r", "\x1b[B", " ", "3", " ", "\r"}
		screen, stdout := askOnTerminal(t, bin, script, keys, 40, 120)
		for _, want := range []string{"Merge approval", "Admin-merge the seven PRs?", "1. Proceed — merge them in order", "2. Wait — ask again tomorrow", "3. Abandon", "Which languages?", "1. go — Go modules"} {
			if !strings.Contains(screen, want) {
				t.Errorf("the picker never showed %q:\n%s", want, screen)
			}
		}
		var res struct {
			OK    bool `json:"ok"`
			Value struct {
				Status     string `json:"status"`
				AnsweredBy string `json:"answeredBy"`
				Answers    []struct {
					Selected []string `json:"selected"`
				} `json:"answers"`
			} `json:"value"`
		}
		if err := json.Unmarshal([]byte(stdout), &res); err != nil {
			t.Fatalf("stdout is not the --json result alone (%v):\n%q", err, stdout)
		}
		v := res.Value
		if !res.OK || v.Status != "answered" || v.AnsweredBy != "terminal" || len(v.Answers) != 2 ||
			!slices.Equal(v.Answers[0].Selected, []string{"Wait"}) || !slices.Equal(v.Answers[1].Selected, []string{"ts", "py"}) {
			t.Errorf("answers: %+v", v)
		}
	})

	// A harness types every key at once, on a pty that reports no size
	// (0×0, as a fresh pty and docker exec -t do): the picker is drawn at
	// 80×24, and keys after an enter reach the next question.
	t.Run("typed ahead, no size", func(t *testing.T) {
		screen, stdout := askOnTerminal(t, bin, script, []string{"3\r1 3 \r"}, 0, 0)
		if !strings.Contains(screen, "2. Wait — ask again tomorrow") {
			t.Errorf("the picker was not drawn:\n%s", screen)
		}
		var res struct {
			Value struct {
				Answers []struct {
					Selected []string `json:"selected"`
				} `json:"answers"`
			} `json:"value"`
		}
		if err := json.Unmarshal([]byte(stdout), &res); err != nil || len(res.Value.Answers) != 2 ||
			!slices.Equal(res.Value.Answers[0].Selected, []string{"Abandon"}) || !slices.Equal(res.Value.Answers[1].Selected, []string{"go", "py"}) {
			t.Errorf("answers (%v):\n%s", err, stdout)
		}
	})

	t.Run("cancelled", func(t *testing.T) {
		_, stdout := askOnTerminal(t, bin, script, []string{"\x03"}, 40, 120)
		if !strings.Contains(stdout, `"status": "cancelled"`) {
			t.Errorf("ctrl+c did not cancel:\n%s", stdout)
		}
	})
}

// askOnTerminal runs `run --json -e script` with stdin and stderr on a
// pty of which it is the session leader (so /dev/tty is the pty) and
// stdout in a file; it types keys once the picker is up and returns what
// the terminal showed (escapes removed) and stdout.
func askOnTerminal(t *testing.T, bin, script string, keys []string, rows, cols uint16) (screen, stdout string) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pty here: %v", err)
	}
	defer ptmx.Close()
	_ = pty.Setsize(ptmx, &pty.Winsize{Rows: rows, Cols: cols})
	home := t.TempDir()
	out, err := os.Create(filepath.Join(t.TempDir(), "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	cmd := exec.Command(bin, "run", "--json", "-e", script)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "HOME="+home, "ATOMIC_HOME="+filepath.Join(home, ".atomic"), "ATOMIC_STATE_DIR="+filepath.Join(home, "state"), "CI=", "TERM=xterm-256color", "NO_COLOR=")
	cmd.Stdin, cmd.Stderr, cmd.Stdout = tty, tty, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	shown := &ptyOutput{}
	copied := make(chan struct{})
	go func() { io.Copy(shown, ptmx); close(copied) }()
	// Type once the picker is drawn.
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(ansi.ReplaceAllString(shown.String(), ""), "Which languages?"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			data, _ := os.ReadFile(out.Name())
			t.Fatalf("the picker never appeared:\n%q\nstdout: %s", shown.String(), data)
		}
	}
	for _, k := range keys {
		time.Sleep(150 * time.Millisecond)
		if _, err := ptmx.Write([]byte(k)); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("the run did not end after the keys:\n%q", shown.String())
	}
	ptmx.Close()
	<-copied
	data, _ := os.ReadFile(out.Name())
	return ansi.ReplaceAllString(shown.String(), ""), string(data)
}
