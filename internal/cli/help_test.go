package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/docs"
)

// TestHelpPrintsEveryTopic: `atomic-script help` lists every page of
// docs/, and `atomic-script help TOPIC` prints that file as it is in the
// repository.
func TestHelpPrintsEveryTopic(t *testing.T) {
	var list, errb bytes.Buffer
	if code := Main([]string{"help"}, Stdio{In: strings.NewReader(""), Out: &list, Err: &errb}); code != 0 {
		t.Fatalf("help: exit %d: %s", code, errb.String())
	}
	files, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil || len(files) < 10 {
		t.Fatalf("docs/*.md: %v, %d pages", err, len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".md")
		if !strings.Contains(list.String(), "\n  "+name+" ") {
			t.Errorf("help does not list %q:\n%s", name, list.String())
		}
		want, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if code := Main([]string{"help", name}, Stdio{In: strings.NewReader(""), Out: &out, Err: &errb}); code != 0 || out.String() != string(want) {
			t.Errorf("help %s: exit %d, printed %d bytes, want %s (%d bytes)", name, code, out.Len(), f, len(want))
		}
	}
}

// TestCommandHelpNamesItsTopic: each command's -h ends by naming the help
// topic that says more, and that topic exists.
func TestCommandHelpNamesItsTopic(t *testing.T) {
	for cmd, topic := range commandTopics {
		if _, ok := docs.Page(topic); !ok {
			t.Errorf("%s -h points to help %s, which is no page", cmd, topic)
		}
		var out, errb bytes.Buffer
		args := []string{cmd, "-h"}
		if cmd == "store" {
			args = []string{"store", "list", "-h"}
		}
		if code := Main(args, Stdio{In: strings.NewReader(""), Out: &out, Err: &errb}); code != 0 {
			t.Errorf("%s -h: exit %d: %s", cmd, code, errb.String())
		}
		if want := "More: atomic-script help " + topic + " (docs/" + topic + ".md)\n"; !strings.HasSuffix(out.String(), want) {
			t.Errorf("%s -h does not end with %q:\n%s", cmd, want, out.String())
		}
	}
}
