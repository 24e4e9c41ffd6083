// Package code provides the tools that see code as syntax rather than
// lines: outline (the symbols of files with their line ranges), rewrite
// (structural search and replace through the run's journal) and query (raw
// tree-sitter queries). Structural search itself is structural_search in
// tools/search, so its results have search's shape.
//
// Go files are outlined with go/parser in every build; the other languages
// are parsed with the tree-sitter grammars of hashline/blocks, which only
// builds with cgo have (tools/internal/syntax). Without them outline falls
// back to a declared heuristic and the structural tools say which build
// has the grammars.
package code

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/search"
)

// Tools returns the code tools.
func Tools() []tools.Tool {
	return []tools.Tool{Outline(), Rewrite(), Query()}
}

// maxFileBytes is the largest file the code tools parse (search's limit).
const maxFileBytes = 4 << 20

// textCap bounds the text a model reads of one result; a script's values
// hold everything.
const textCap = 50 * 1024

// withPaths is the inferred input schema of In with its paths property
// taking one string or an array, as find's and search's do.
func withPaths[In any](desc string) *jsonschema.Schema {
	s := tools.MustSchemaFor[In]()
	s.Properties["paths"] = &jsonschema.Schema{Description: desc, AnyOf: []*jsonschema.Schema{
		{Type: "string"}, {Type: "array", Items: &jsonschema.Schema{Type: "string"}},
	}}
	return s
}

// sourceFile is one file a code tool works on, read as the run sees it.
type sourceFile struct {
	abs, display string
	src          []byte
	skip         string // why it was not read ("" when read)
}

// listFiles resolves paths (search's walk) to the files a code tool reads.
func listFiles(ctx context.Context, env *tools.Env, paths []string) (*search.FileList, error) {
	return search.Files(ctx, env, paths)
}

// readSource reads abs through the run's files (a dry run's pending
// content included), refusing what a parser should not see.
func readSource(env *tools.Env, abs string) sourceFile {
	f := sourceFile{abs: abs, display: env.Display(abs)}
	fi, err := env.Files.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		f.skip = "deleted"
		return f
	case err != nil:
		f.skip = "unreadable: " + err.Error()
		return f
	case fi.Size() > maxFileBytes:
		f.skip = "larger than 4 MiB"
		return f
	}
	data, err := env.Files.ReadFile(abs)
	switch {
	case err != nil:
		f.skip = "unreadable: " + err.Error()
	case len(data) > maxFileBytes:
		f.skip = "larger than 4 MiB"
	case isBinary(data):
		f.skip = "binary"
	default:
		f.src = data
	}
	return f
}

func isBinary(b []byte) bool {
	if len(b) > 8000 {
		b = b[:8000]
	}
	return strings.IndexByte(string(b), 0) >= 0
}

// parallel runs work(w, i) for i in [0, n) on GOMAXPROCS workers (w is the
// worker's index, for per-worker buffers) and stops handing out work when
// ctx ends. A worker's panic is raised again in the caller, where the
// tool's guard turns it into the call's error.
func parallel(ctx context.Context, n int, work func(w, i int)) {
	workers := max(1, min(runtime.GOMAXPROCS(0), n))
	next := make(chan int)
	var wg sync.WaitGroup
	var once sync.Once
	var panicked any
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if p := recover(); p != nil {
					once.Do(func() { panicked = p })
					for range next { // let the feeder finish
					}
				}
			}()
			for i := range next {
				work(w, i)
			}
		}()
	}
	func() {
		defer close(next)
		for i := range n {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
}

// capText cuts text to textCap bytes at a line end, saying so.
func capText(text, what string) (string, bool) {
	if len(text) <= textCap {
		return text, false
	}
	cut := strings.LastIndexByte(text[:textCap], '\n')
	if cut < 0 {
		cut = textCap
	}
	return text[:cut] + fmt.Sprintf("\n[%s cut at 50 KB; a script's value holds all of it]", what), true
}

// header is a file's hashline header, the anchor edit takes.
func header(display, tag string) string { return "[" + display + "#" + tag + "]" }
