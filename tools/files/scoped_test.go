package files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

func TestLocalAndSkillPaths(t *testing.T) {
	env := newEnv(t)
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret\n"), 0o644)
	skills := t.TempDir()
	os.MkdirAll(filepath.Join(skills, "pdf"), 0o755)
	os.WriteFile(filepath.Join(skills, "pdf", "SKILL.md"), []byte("# PDF skill\nuse it\n"), 0o644)
	env.Settings.SkillsRoot = skills
	put(t, env, "src/a.txt", "one\ntwo\nthree\n")
	if err := os.Symlink(outside, filepath.Join(env.Root, "out")); err != nil { // a link out of the workspace
		t.Skip("no symbolic links here (Windows without the privilege, Wine):", err)
	}
	os.Symlink(filepath.Join(env.Root, "src"), filepath.Join(env.Root, "inside")) // a link within it
	os.Symlink(filepath.Join(outside, "new.txt"), filepath.Join(env.Root, "dangling"))

	res := mustCall(t, env, "read", ReadArgs{Path: "local://src/a.txt:2"})
	if !strings.HasPrefix(res.Text, "[src/a.txt#") || !strings.Contains(res.Text, "2:two") {
		t.Errorf("local read: %s", res.Text)
	}
	if m := res.Details.(ReadDetails).Meta; m.Source != "local" || m.SourcePath != filepath.Join(env.Root, "src/a.txt") {
		t.Errorf("local meta %+v", m)
	}
	if res := mustCall(t, env, "read", ReadArgs{Path: "local://inside/a.txt"}); !strings.Contains(res.Text, "1:one") {
		t.Errorf("a link inside the workspace is fine: %s", res.Text)
	}
	res = mustCall(t, env, "read", ReadArgs{Path: "skill://pdf/SKILL.md"})
	if !strings.Contains(res.Text, "1:# PDF skill") || res.Details.(ReadDetails).Meta.Source != "skill" {
		t.Errorf("skill read: %s %+v", res.Text, res.Details)
	}
	// The label is the underlying path, so edit and write use it.
	header := res.Text[:strings.IndexByte(res.Text, '\n')]
	if header != "["+filepath.ToSlash(filepath.Join(skills, "pdf", "SKILL.md"))+"#"+header[strings.LastIndexByte(header, '#')+1:] {
		t.Errorf("skill header %s", header)
	}
	mustCall(t, env, "write", WriteArgs{Path: "local://src/new.txt", Content: ptr("new\n")})
	if data, _ := os.ReadFile(filepath.Join(env.Root, "src/new.txt")); string(data) != "new\n" {
		t.Errorf("local write: %q", data)
	}
	for _, c := range []struct{ tool, path, msg string }{
		{"read", "local://../x.txt", "local://../x.txt is refused: it climbs out of it (..), outside the workspace root"},
		{"read", "local://src/../../x.txt", "climbs out of it (..)"},
		{"read", "local:///etc/passwd", "the path is absolute"},
		{"read", "local://out/secret.txt", "local://out/secret.txt is refused: it resolves through a symbolic link to " + filepath.Join(outside, "secret.txt")},
		{"write", "local://out/new.txt", "resolves through a symbolic link"},
		{"write", "local://dangling", "is a symbolic link to " + filepath.Join(outside, "new.txt")},
		{"read", "skill://../x", "outside the skills root"},
		{"read", "local://https://example.test", "not a URL"},
	} {
		var err error
		if c.tool == "read" {
			_, err = call(t, env, "read", ReadArgs{Path: c.path})
		} else {
			_, err = call(t, env, "write", WriteArgs{Path: c.path, Content: ptr("x")})
		}
		code := tools.ErrNotAllowed
		if strings.Contains(c.msg, "not a URL") {
			code = tools.ErrInvalidArgs
		}
		wantErr(t, err, code, c.msg)
	}
	if _, err := os.Stat(filepath.Join(outside, "new.txt")); err == nil {
		t.Error("a refused write reached outside the workspace")
	}
	env.Settings.SkillsRoot = ""
	_, err := call(t, env, "read", ReadArgs{Path: "skill://pdf/SKILL.md"})
	wantErr(t, err, tools.ErrInvalidArgs, "skill:// needs a skills root")
}
