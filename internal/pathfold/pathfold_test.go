package pathfold

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestEqual(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{".git", ".GIT", true},
		{".git", ".Git", true},
		{"settings.json", "Settings.JSON", true},
		{"José", "Jose\u0301", true},              // NFC and NFD (APFS, HFS+)
		{"STRASSE", "straße", true},               // full case folding
		{".git", ".g\u200cit", true},              // HFS+ ignores a zero-width non-joiner
		{".git", "\ufeff.git", true},              // and a byte-order mark
		{".git", ".git.", true},                   // Windows drops trailing dots
		{".git", ".git . .", true},                // and spaces
		{".git", ".git::$INDEX_ALLOCATION", true}, // an NTFS stream of the directory
		{"settings.json", "settings.json:x", true},
		{".git", ".gitx", false},
		{".git", "git", false},
		{".git", "..git", false},
		{"settings.json", "settings.jso", false},
		{"a", "b", false},
	}
	for _, c := range cases {
		if got := Equal(c.a, c.b); got != c.want {
			t.Errorf("Equal(%q, %q) = %v, want %v (keys %q, %q)", c.a, c.b, got, c.want, Key(c.a), Key(c.b))
		}
	}
}

func TestIsDotGit(t *testing.T) {
	for _, name := range []string{".git", ".GIT", ".gIt", ".git.", ".git ", "GIT~1", "git~1", ".g\u200dit", ".git::$INDEX_ALLOCATION"} {
		if !IsDotGit(name) {
			t.Errorf("IsDotGit(%q) = false", name)
		}
	}
	for _, name := range []string{"git", ".github", ".gitignore", "GIT~2", ".git~1", "x.git"} {
		if IsDotGit(name) {
			t.Errorf("IsDotGit(%q) = true", name)
		}
	}
}

func TestBelow(t *testing.T) {
	cases := []struct {
		dir, path string
		rest      []string
		inside    bool
	}{
		{"/Users/al/.atomic", "/Users/al/.atomic/agent/settings.json", []string{"agent", "settings.json"}, true},
		{"/Users/al/.atomic", "/users/AL/.Atomic/Agent/Settings.JSON", []string{"Agent", "Settings.JSON"}, true},
		{"/Users/José/.atomic", "/Users/Jose\u0301/.atomic/x", []string{"x"}, true},
		{"/w/.atomic", "/w/.atomic./settings.json", []string{"settings.json"}, true},
		{"/w/.atomic", "/w/.atomic", []string{}, true},
		{"/w/.atomic", "/w/.atomic/", []string{}, true},
		{"/w/.atomic", "/w/x/../.atomic/y", []string{"y"}, true},
		{"/w/.atomic", "/w/.atomicx/y", nil, false},
		{"/w/.atomic", "/w", nil, false},
		{"/w/.atomic", "/other/.atomic/y", nil, false},
		{"/w/.atomic", "w/.atomic/y", nil, false}, // relative is never inside absolute
		{"/", "/etc/passwd", []string{"etc", "passwd"}, true},
	}
	for _, c := range cases {
		rest, inside := Below(c.dir, c.path)
		if inside != c.inside || (inside && !slices.Equal(rest, c.rest)) {
			t.Errorf("Below(%q, %q) = %q, %v; want %q, %v", c.dir, c.path, rest, inside, c.rest, c.inside)
		}
		if Within(c.dir, c.path) != c.inside {
			t.Errorf("Within(%q, %q) != %v", c.dir, c.path, c.inside)
		}
	}
}

// TestSplitWindowsPaths holds on Windows, where the volume and backslashes
// count; elsewhere a backslash is part of a name.
func TestSplitWindowsPaths(t *testing.T) {
	if filepath.Separator != '\\' {
		if got := Split(`C:\src\a.ts`); !slices.Equal(got, []string{`C:\src\a.ts`}) {
			t.Errorf(`Split(C:\src\a.ts) = %q: a backslash is part of a name here`, got)
		}
		return
	}
	cases := []struct {
		dir, path string
		inside    bool
	}{
		{`C:\Users\al\.atomic`, `c:\users\AL\.ATOMIC\agent\Settings.JSON`, true},
		{`C:\Users\al\.atomic`, `C:/Users/al/.atomic/agent`, true},
		{`C:\w`, `D:\w\x`, false},
		{`\\host\share\w`, `\\HOST\Share\w\.atomic`, true},
	}
	for _, c := range cases {
		if got := Within(c.dir, c.path); got != c.inside {
			t.Errorf("Within(%q, %q) = %v, want %v", c.dir, c.path, got, c.inside)
		}
	}
}

func TestIsDeviceName(t *testing.T) {
	for _, n := range []string{"CON", "con", "Nul", "NUL.txt", "nul.tar.gz", "aux.c", "PRN", "COM1", "com9.log", "LPT1", "lpt¹", "COM²", "CON .txt", "NUL ", "CONIN$", "conout$"} {
		if !IsDeviceName(n) {
			t.Errorf("IsDeviceName(%q) = false", n)
		}
	}
	for _, n := range []string{"CONS", "console.txt", "nul_", "NULL", "COM", "COM10", "LPT", "auxiliary.c", "icon", "a.con", ".nul", "x"} {
		if IsDeviceName(n) {
			t.Errorf("IsDeviceName(%q) = true", n)
		}
	}
}

func TestDeviceIn(t *testing.T) {
	cases := []struct {
		path string
		want string
	}{
		{`C:\w\NUL`, "NUL"},
		{`C:\w\src\con.txt`, "con.txt"},
		{"/w/aux/x.go", "aux"},
		{"/w/src/a.go", ""},
	}
	for _, c := range cases {
		if filepath.Separator != '\\' && strings.Contains(c.path, `\`) {
			c.path = strings.ReplaceAll(c.path[2:], `\`, "/")
		}
		got, ok := deviceIn(c.path, true)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("deviceIn(%q) = %q, %v; want %q", c.path, got, ok, c.want)
		}
		if _, ok := deviceIn(c.path, false); ok {
			t.Errorf("deviceIn(%q) without reserved names = true", c.path)
		}
	}
	if _, ok := DeviceIn("/w/aux.c"); ok != (filepath.Separator == '\\') {
		t.Errorf("DeviceIn(aux.c) = %v on this system", ok)
	}
}

// APFS and NTFS are each system's own comparison: what one ignores the
// other may not (a matcher that grants must fold no more than the system).
func TestAPFSAndNTFS(t *testing.T) {
	cases := []struct {
		a, b       string
		apfs, ntfs bool
	}{
		{"Secrets", "secrets", true, true},
		{"README.MD", "readme.md", true, true},
		{"José", "Jose\u0301", true, false}, // APFS ignores normalisation, NTFS does not
		{"straße", "STRASSE", true, false},  // full case folding; NTFS upcases ß to itself
		{"secrets.", "secrets", false, true},
		{"secrets ", "secrets", false, true},
		{".env:x", ".env", false, true},
		{".git::$INDEX_ALLOCATION", ".GIT", false, true},
		{".g\u200cit", ".git", false, false}, // only HFS+ ignores it (Key does)
		{"a", "b", false, false},
		{".", "", false, false}, // "." and ".." keep their dots
		{"..", ".", false, false},
	}
	for _, c := range cases {
		if got := APFS(c.a) == APFS(c.b); got != c.apfs {
			t.Errorf("APFS: %q == %q is %v, want %v", c.a, c.b, got, c.apfs)
		}
		if got := NTFS(c.a) == NTFS(c.b); got != c.ntfs {
			t.Errorf("NTFS: %q == %q is %v, want %v", c.a, c.b, got, c.ntfs)
		}
		if (c.apfs || c.ntfs) && !Equal(c.a, c.b) {
			t.Errorf("Key does not fold %q and %q, which %s opens as one file", c.a, c.b, map[bool]string{true: "APFS", false: "NTFS"}[c.apfs])
		}
	}
}
