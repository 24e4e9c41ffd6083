package shell_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/shell"
	"github.com/atomic-script/atomic-script/tools/spill"
)

func Example() {
	root, _ := os.MkdirTemp("", "workspace")
	defer os.RemoveAll(root)
	sp, _ := spill.Open("example")
	defer sp.Close()
	sess := tools.NewSession("example")
	defer sess.Close() // kills background tasks
	env := &tools.Env{Root: root, Session: sess, Owner: "run-1", Files: tools.DirectFiles{}, Spill: sp}

	for _, t := range shell.Tools() {
		fmt.Println(t.Name())
	}
	res, err := tools.Invoke(context.Background(), shell.Bash(), env, json.RawMessage(`{"command": "echo hello; exit 3"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Text)
	fmt.Println(*res.Structured.(shell.BashResult).ExitCode)
	// Output:
	// bash
	// bash_output
	// kill
	// hello
	// Exit code: 3
	// 3
}
