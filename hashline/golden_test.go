package hashline_test

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/hashline/blocks"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var tagRef = regexp.MustCompile(`\[([^\]#\n]+)#TAG\]`)

// TestGolden runs testdata/examples/*.txtar: the fixture files are read
// (recorded in a fresh session store), `live/P` sections then replace P's
// content behind the session's back, `script` is the edit input (`#TAG`
// stands for the tag of the observed file), and `output` plus
// `result/P` are the tool text and the written files.
func TestGolden(t *testing.T) {
	paths, _ := filepath.Glob("testdata/examples/*.txtar")
	if len(paths) == 0 {
		t.Fatal("no golden files")
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			files := map[string]string{}
			live := map[string]string{}
			var script string
			for _, f := range ar.Files {
				switch {
				case f.Name == "script":
					script = string(f.Data)
				case strings.HasPrefix(f.Name, "live/"):
					live[strings.TrimPrefix(f.Name, "live/")] = string(f.Data)
				case f.Name == "output" || f.Name == "patch" || strings.HasPrefix(f.Name, "result/"):
				default:
					files[f.Name] = string(f.Data)
				}
			}
			store := hashline.NewStore()
			tags := map[string]string{}
			for name, text := range files {
				tags[name] = store.Record("/w/"+name, text)
			}
			for name, text := range live {
				files[name] = text
			}
			script = strings.TrimSuffix(tagRef.ReplaceAllStringFunc(script, func(m string) string {
				name := tagRef.FindStringSubmatch(m)[1]
				return "[" + name + "#" + tags[name] + "]"
			}), "\n")
			read := hashline.ReaderFunc(func(d string) (string, string, error) {
				name := filepath.ToSlash(filepath.Clean(d))
				text, ok := files[name]
				if !ok {
					return "/w/" + name, "", fs.ErrNotExist
				}
				return "/w/" + name, text, nil
			})
			got := map[string]string{}
			secs, err := hashline.Parse(script, hashline.ParseOptions{})
			var p *hashline.Prepared
			if err == nil {
				p, err = hashline.Prepare(secs, hashline.PrepareOptions{Store: store, Read: read, Resolver: blocks.New(), Noops: &hashline.NoopCounter{}})
			}
			if err != nil {
				got["output"] = "ERR " + err.Error() + "\n"
			} else {
				got["output"] = p.Text() + "\n"
				_, patch, _ := p.Details()
				if patch != "" {
					got["patch"] = patch
				}
				for _, f := range p.Files {
					got["result/"+strings.TrimPrefix(f.Abs, "/w/")] = f.Bytes
				}
			}
			want := map[string]string{}
			for _, f := range ar.Files {
				if f.Name == "output" || f.Name == "patch" || strings.HasPrefix(f.Name, "result/") {
					want[f.Name] = string(f.Data)
				}
			}
			if *update {
				var kept []txtar.File
				for _, f := range ar.Files {
					if _, gen := want[f.Name]; !gen {
						kept = append(kept, f)
					}
				}
				names := make([]string, 0, len(got))
				for n := range got {
					names = append(names, n)
				}
				sort.Strings(names)
				for _, n := range names {
					kept = append(kept, txtar.File{Name: n, Data: []byte(got[n])})
				}
				ar.Files = kept
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for n, g := range got {
				if want[n] != g {
					t.Errorf("%s:\n got: %q\nwant: %q", n, g, want[n])
				}
			}
			for n := range want {
				if _, ok := got[n]; !ok {
					t.Errorf("%s: expected but not produced", n)
				}
			}
		})
	}
}
