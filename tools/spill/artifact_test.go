package spill

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestArtifacts: each file a Dir creates is artifact://N of that Dir only;
// its content reads back, a removed file is gone, and no id, other Dir or
// link swapped in reaches anything else.
func TestArtifacts(t *testing.T) {
	tmp := t.TempDir()
	d, err := OpenIn(tmp, "one")
	must(t, err)
	defer d.Close()
	p1, err := d.WriteFile("bash-*.log", []byte("first\n"))
	must(t, err)
	p2, err := d.WriteFile("read-output-*.txt", []byte("second\n"))
	must(t, err)

	if got := d.URIOf(p1); got != "artifact://1" {
		t.Errorf("URIOf(first) = %q, want artifact://1", got)
	}
	if got := d.Label(p2); got != p2+" (artifact://2)" {
		t.Errorf("Label(second) = %q", got)
	}
	if got := d.URIOf(filepath.Join(tmp, "elsewhere.txt")); got != "" {
		t.Errorf("URIOf(a path not of the Dir) = %q, want empty", got)
	}
	a, data, err := d.ReadArtifact(2)
	must(t, err)
	if string(data) != "second\n" || a.Path != p2 || a.URI() != "artifact://2" {
		t.Errorf("ReadArtifact(2) = %+v, %q", a, data)
	}
	if as := d.Artifacts(); len(as) != 2 || as[0].ID != 1 || as[1].Size != 7 {
		t.Errorf("Artifacts() = %+v", as)
	}

	// Another session's Dir in the same temp root sees none of them.
	other, err := OpenIn(tmp, "two")
	must(t, err)
	defer other.Close()
	if _, _, err := other.ReadArtifact(1); !errors.Is(err, ErrNoArtifact) {
		t.Errorf("other session's ReadArtifact(1): %v, want ErrNoArtifact", err)
	}
	if got := other.URIOf(p1); got != "" {
		t.Errorf("other session names %s as %q", p1, got)
	}

	// A removed file is no longer an artifact.
	must(t, d.Remove(p1))
	if _, _, err := d.ReadArtifact(1); !errors.Is(err, ErrNoArtifact) {
		t.Errorf("ReadArtifact of a removed file: %v", err)
	}

	// A link put in place of an artifact is not followed.
	if runtime.GOOS != "windows" {
		secret := filepath.Join(tmp, "secret.txt")
		must(t, os.WriteFile(secret, []byte("secret"), 0o600))
		must(t, os.Remove(p2))
		must(t, os.Symlink(secret, p2))
		if _, data, err := d.ReadArtifact(2); err == nil {
			t.Errorf("ReadArtifact followed a link: %q", data)
		}
	}

	// A closed Dir reads nothing.
	d.Close()
	if _, _, err := d.ReadArtifact(2); err == nil {
		t.Error("ReadArtifact on a closed Dir succeeded")
	}
	var nilDir *Dir
	if nilDir.URIOf(p1) != "" || nilDir.Label(p1) != p1 || nilDir.Artifacts() != nil {
		t.Error("a nil Dir names artifacts")
	}
}

func TestParseURI(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint64
	}{{"3", 3}, {"12/", 12}, {"0", 0}, {"../x", 0}, {"03", 0}, {"1/2", 0}, {"", 0}, {"-1", 0}, {"99999999999999999999", 0}} {
		got, err := ParseURI(tc.in)
		if got != tc.want || (err == nil) != (tc.want != 0) {
			t.Errorf("ParseURI(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
		if err != nil && !strings.Contains(err.Error(), "artifact://3") {
			t.Errorf("ParseURI(%q) error does not say the form: %v", tc.in, err)
		}
	}
}

func FuzzParseURI(f *testing.F) {
	for _, s := range []string{"1", "42/", "../1", "1:5-9", "%2e%2e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := ParseURI(s)
		if err == nil && (id == 0 || URI(id) != "artifact://"+strings.TrimSuffix(s, "/")) {
			t.Fatalf("ParseURI(%q) = %d, which does not name it", s, id)
		}
	})
}
