package shell

import (
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

// TestBashDescriptionWithoutPty: where there is no pty (Windows) the
// description says so in its first line, the one `atomic-script tools`
// lists, and in place of the pty option's line; with a pty it is unchanged.
func TestBashDescriptionWithoutPty(t *testing.T) {
	if got := bashDescriptionFor(true); got != bashDescription {
		t.Errorf("with a pty the description changed:\n%s", got)
	}
	d := bashDescriptionFor(false)
	if sum := tools.Summary(d); !strings.Contains(sum, "no pty") {
		t.Errorf("the listing's summary does not say there is no pty: %q", sum)
	}
	if strings.Contains(d, ptyLine) || !strings.Contains(d, noPtyLine) {
		t.Errorf("the pty line was not replaced:\n%s", d)
	}
}
