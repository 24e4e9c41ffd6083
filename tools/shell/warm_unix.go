//go:build unix

package shell

import (
	"os"
	"os/exec"
	"strings"
	"syscall"

	"github.com/atomic-script/atomic-script/tools/internal/procguard"
)

// warmShells: plain calls run on warm shells (see warm.go).
const warmShells = true

// startSpare starts a bash running bootScript in root with env, wired as
// startPipes wires a cold one, plus the command pipe on fd 3.
func startSpare(root string, info os.FileInfo, env []string) (*spare, error) {
	cr, cw, err := pipe(false, 0) // a warm command fits in the default 64 KB
	if err != nil {
		return nil, err
	}
	r, w, err := pipe(true, pipeSize)
	if err != nil {
		cr.Close()
		cw.Close()
		return nil, err
	}
	cmd := exec.Command(bashPath(), "-c", strings.Replace(bootScript, "%s", shellQuote(startupUnderscore(env)), 1))
	cmd.Dir = root
	cmd.Env = env
	if f := devNull(); f != nil {
		cmd.Stdin = f
	}
	cmd.Stdout, cmd.Stderr = w, w
	cmd.ExtraFiles = []*os.File{cr}
	cmd.SysProcAttr = procguard.Prepare(&syscall.SysProcAttr{Setpgid: true})
	err = cmd.Start()
	cr.Close()
	w.Close()
	if err != nil {
		r.Close()
		cw.Close()
		return nil, err
	}
	return &spare{p: launched(cmd, r, false, group{}), cmd: cw, root: root, info: info, env: env}, nil
}
