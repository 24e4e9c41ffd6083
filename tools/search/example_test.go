package search_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/search"
)

func exampleEnv() (*tools.Env, func()) {
	root, _ := os.MkdirTemp("", "search-example")
	os.MkdirAll(filepath.Join(root, "src"), 0o755)
	os.WriteFile(filepath.Join(root, "src", "main.go"), []byte("package main\n\nfunc main() {\n\tprintln(\"hi\")\n}\n"), 0o644)
	os.WriteFile(filepath.Join(root, "src", "util.go"), []byte("package main\n"), 0o644)
	os.WriteFile(filepath.Join(root, "README.md"), []byte("# demo\n"), 0o644)
	env := &tools.Env{Root: root, Session: tools.NewSession("example"), Files: tools.DirectFiles{}}
	return env, func() { os.RemoveAll(root) }
}

func ExampleSearch() {
	env, cleanup := exampleEnv()
	defer cleanup()
	res, err := tools.Invoke(context.Background(), search.Search(), env, json.RawMessage(`{"pattern": "func main"}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Text)
	r := res.Structured.(*search.SearchResult)
	fmt.Println(r.FileMatches[0].Path, r.FileMatches[0].Tag, r.FileMatches[0].Matches[0].Line)
	// Output:
	// # src/
	// [src/main.go#2076]
	//  2:
	// *3:func main() {
	//  4:	println("hi")
	//  5:}
	// src/main.go 2076 3
}

func ExampleFind() {
	env, cleanup := exampleEnv()
	defer cleanup()
	res, err := tools.Invoke(context.Background(), search.Find(), env, json.RawMessage(`{"paths": "*.go"}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Text)
	fmt.Println(res.Structured.(*search.FindResult).Files)
	// Output:
	// # src/
	// main.go
	// util.go
	// [src/main.go src/util.go]
}
