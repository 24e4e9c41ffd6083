package approval

import (
	"strings"
	"testing"
)

// TestRiskyOptions: a * of an allow pattern does not cover an option that
// makes the program run another program or write a file the command
// names; the reason says which. The pattern may spell the option itself.
func TestRiskyOptions(t *testing.T) {
	allow := mustCommands(t, "go test *", "go build *", "go *", "git diff *", "git log *", "git *", "find *", "xargs *", "sed *", "tar *",
		"npm test *", "npm *", "make *", "env *", "timeout *", "bash *", "git diff --output=report.txt *", "xargs grep *", "go test -o *")
	for _, c := range []struct {
		cmd  string
		want string // "" covered; else a part of the reason
	}{
		{"go test ./...", ""},
		{"go test -run TestX -count=1 ./...", ""},
		{`go test -exec "sh -c 'touch PWNED'" ./...`, `"-exec", which runs another program`},
		{`go test -exec=/tmp/x ./...`, "-exec"},
		{`go test --exec=/tmp/x ./...`, "--exec"},
		{"go build -toolexec=/tmp/x ./...", "-toolexec"},
		{"go vet -vettool=/tmp/x ./...", "-vettool"},
		{"go build -o /home/me/.bashrc .", "-o"},
		{"go test -coverprofile=main.go ./...", "writes a file named on the command line"},
		{"go test ./... -args -test.cpuprofile=x.go", "-test.cpuprofile"},
		{"go test -o bin/x.test -c ./pkg", ""}, // the pattern spells -o
		{"go generate ./...", "generate"},
		{"go env -w GOFLAGS=-toolexec=/tmp/x", "go's environment file"},
		{"go env GOPATH", ""},
		{"go install ./cmd/git", "GOBIN"},
		{"git diff HEAD~1", ""},
		{"git diff --output=notes.txt", `"--output", which writes a file`},
		{"git diff --out=notes.txt", "--out"},
		{"git diff --output report.txt", "--output"},
		{"git diff --output=report.txt HEAD", ""}, // the pattern spells it
		{"git log --ext-diff -p", "--ext-diff"},
		{"git -c core.pager=sh log", `"-c", which sets git configuration`},
		{"git -c core.fsmonitor=/tmp/x status", "-c"},
		{"git --config-env=core.pager=X log", "--config-env"},
		{"git --git-dir=/tmp/evil status", "--git-dir"},
		{"git -C sub status", ""},
		{"git grep -O foo", `"-O"`},
		{"git grep -n foo", ""},
		{"git format-patch -o /tmp/out HEAD~3", `"-o"`},
		{"git rebase -x 'make test' main", `"-x"`},
		{"git rebase -i main", ""},
		{"git bisect run ./evil.sh", `"run"`},
		{"git submodule foreach 'touch x'", "foreach"},
		{"git config core.fsmonitor /tmp/x", "config"},
		{"git fetch --upload-pack=/tmp/x origin", "--upload-pack"},
		{"git clone -u /tmp/x repo", `"-u"`},
		{"git fetch -u origin", ""}, // --update-head-ok for fetch
		{"git commit -c HEAD", ""},  // -c of commit reuses a message
		{"find . -name '*.go'", ""},
		{"find . -name x -exec rm {} ';'", `"-exec", which runs another program`},
		{"find . -delete", "deletes"},
		{"find . -fprint out.txt", "-fprint"},
		{"xargs -0 grep foo", `"grep", which is the program xargs runs`},
		{"xargs grep -l foo", ""}, // the pattern names grep
		{"xargs -I{} sh -c 'rm {}'", "xargs runs"},
		{"xargs grep -l foo", ""},
		{"sed -n 1,5p file.txt", ""},
		{"sed -i s/a/b/ file.txt", `"-i", which changes the files`},
		{"sed -ni s/a/b/p file.txt", `"-ni"`},
		{"sed --in-place=.bak s/a/b/ f", "--in-place"},
		{"sed --in s/a/b/ f", "--in"},
		{"sed -E 's/(a)/b/g' f", ""},
		{"sed 's/a/b/w out.txt' f", "sed script"},
		{"sed 's|a|b|e' f", "sed script"},
		{"sed '1e touch x' f", "sed script"},
		{"sed -e p -e 'w /tmp/x' f", "sed script"},
		{"sed 'y/abc/xyz/;s/x/y/g' f", ""},
		{"sed '/start/,/end/{s/a/b/;p}' f", ""},
		{"sed '$a\\\nend' f", ""},
		{"sed -f script.sed f", "-f"},
		{"sed --sandbox 's/a/b/w x' f", ""},
		{"sed '/x/!d;:a;N;ba' f", ""},
		{"sed 'k' f", "sed script"}, // unknown command: not vouched for
		{"tar tzf a.tgz", ""},
		{"tar -tvf a.tar", ""},
		{"tar xzf a.tgz", `"x", which writes the files of the archive`},
		{"tar -xf a.tar", "-x"},
		{"tar czf out.tgz src", "writes a file"},
		{"tar --to-command=sh -xf a.tar", "--to-command"},
		{"tar -I 'sh -c x' -tf a.tar", `"-I"`},
		{"tar --use-comp=sh -tf a.tar", "--use-comp"},
		{"tar --checkpoint-action=exec=sh -tf a.tar", "--checkpoint-action"},
		{"npm test", ""},
		{"npm test -- --watch=false", ""},
		{"npm test --script-shell=/tmp/x", "--script-shell"},
		{"npm run build --node-options=--require=/tmp/x.js", "--node-options"},
		{"npm exec evil", `"exec"`},
		{"npm config set script-shell /tmp/x", "config"},
		{"make", ""},
		{"make test -j4", ""},
		{"make -f /tmp/evil.mk", `"-f"`},
		{"make -C /tmp/evil", `"-C"`},
		{"make --eval='x:;touch y' x", "--eval"},
		{"make SHELL=/tmp/x test", "SHELL=/tmp/x"},
		{"make CC='sh -c x'", "overrides a variable"},
		{"env go version", `"go", which is the program env runs`},
		{"env PATH=/tmp go version", "sets the environment"},
		{"env -S 'sh -c x'", "splits a string"},
		{"timeout 5 go test ./...", "is the program timeout runs"},
		{"bash -c 'touch x'", `"-c", which runs the command text`},
		{"bash -ec 'touch x'", "-ec"},
		{"bash script.sh", ""},
		{"ls -la", "ls"}, // no pattern matches at all: no reason
	} {
		ok, why := Covered(c.cmd, allow)
		switch {
		case c.want == "" && !ok:
			t.Errorf("Covered(%q) = false (%s), want true", c.cmd, why)
		case c.want != "" && ok:
			t.Errorf("Covered(%q) = true, want false (%s)", c.cmd, c.want)
		case c.want != "" && c.want != "ls" && !strings.Contains(why, c.want):
			t.Errorf("Covered(%q): reason %q lacks %q", c.cmd, why, c.want)
		case c.want == "ls" && why != "":
			t.Errorf("Covered(%q): reason %q, want none", c.cmd, why)
		}
	}
}

// The pattern that spells the option allows it; a * before it does not.
func TestRiskyOptionSpelledByPattern(t *testing.T) {
	for _, c := range []struct {
		pat, cmd string
		want     bool
	}{
		{"git diff --output=*", "git diff --output=x.txt", true},
		{"git diff --out*", "git diff --output=x.txt", false}, // --out* also matches --outfoo
		{"git diff --*", "git diff --output=x.txt", false},
		{"git diff *", "git diff --output=x.txt", false},
		{"find . -exec *", "find . -exec rm {} ;", true},
		{"find . *", "find . -exec rm {} ;", false},
		{"sed -i *", "sed -i s/a/b/ f", true},
		{"sed -n*", "sed -ni s/a/b/ f", false},
		{"tar x* *", "tar xzf a.tgz", true},
		{"go test -exec /bin/true *", "go test -exec /bin/true ./...", true},
		{"go test -exec /bin/true *", "go test -exec /bin/true -exec sh ./...", false},
	} {
		if got := covered(c.cmd, mustCommands(t, c.pat)); got != c.want {
			t.Errorf("%q covers %q = %v, want %v", c.pat, c.cmd, got, c.want)
		}
	}
}

// The "always" suggestion names the program that really runs, and covers
// the call it is offered for, or there is none.
func TestSuggestNamesTheRealProgram(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		want string
	}{
		{"go test ./...", "go test *"},
		{"xargs -0 rm -f", "xargs -0 rm *"},
		{"env FOO=1 go test ./...", "env 'FOO=1' go test *"},
		{"timeout 5 git status", "timeout 5 git status *"},
		{"sudo -u root apt-get install x", "sudo -u root apt-get install *"},
		{"bash -c 'touch x'", ""},
		{"env -S 'sh -c x'", ""},
		{"go test -exec sh ./...", ""},
		{"find . -exec rm {} ';'", ""},
		{"git -c core.pager=sh log", ""},
		{"make SHELL=/tmp/x", ""},
		{"sed -i s/a/b/ f", ""},
	} {
		got := strings.Join(Suggest(c.cmd), " | ")
		if got != c.want {
			t.Errorf("Suggest(%q) = %q, want %q", c.cmd, got, c.want)
		}
	}
}

// FuzzSedScript: the sed reader never panics on any script; and a
// script made of harmless commands (chosen by the input's bytes) is
// harmless, while the same script with one command that writes or runs
// put anywhere in it is not.
func FuzzSedScript(f *testing.F) {
	f.Add("s/a/b/w x", []byte{0, 3, 5}, uint8(1))
	f.Add("", []byte{7, 1}, uint8(0))
	harmless := []string{"p", "s/a/b/g", "s|x|y|2", "y/ab/ba/", "/re/d", "1,5{p;d}", "$a\\\ntext", ":a;N;ba", "2q", "/x/!s/\\//-/", "\\,a,p", "l 40", "=", "3~2p", "0,/x/s/x/X/"}
	risky := []string{"w out", "W out", "e id", "1e touch x", "s/a/b/w out", "s/a/b/e", "s|a|b|gw out", "/x/e"}
	f.Fuzz(func(t *testing.T, any string, picks []byte, at uint8) {
		_ = sedWritesOrRuns(any)
		var cmds []string
		for _, b := range picks {
			cmds = append(cmds, harmless[int(b)%len(harmless)])
		}
		if sedWritesOrRuns(strings.Join(cmds, "\n")) {
			t.Fatalf("harmless script %q read as risky", strings.Join(cmds, "\n"))
		}
		i := int(at) % (len(cmds) + 1)
		with := append(append(append([]string{}, cmds[:i]...), risky[int(at)%len(risky)]), cmds[i:]...)
		if script := strings.Join(with, "\n"); !sedWritesOrRuns(script) {
			t.Fatalf("sedWritesOrRuns(%q) = false", script)
		}
	})
}
