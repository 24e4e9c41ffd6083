package files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

// TestDeviceNamesRefused (Windows): a write to NUL, CON or aux.c would go
// to a device, not a file; write refuses it and nothing is written.
func TestDeviceNamesRefused(t *testing.T) {
	env := newEnv(t)
	for _, p := range []string{"NUL", "con.txt", `src\aux.c`, "LPT1.log"} {
		_, err := call(t, env, "write", WriteArgs{Path: p, Content: ptr("x\n")})
		if tools.CodeOf(err) != tools.ErrInvalidArgs || !strings.Contains(err.Error(), "device name") {
			t.Errorf("write %s: %v", p, err)
		}
	}
	if _, err := os.Stat(filepath.Join(env.Root, "src")); err == nil {
		t.Error("src was created")
	}
}
