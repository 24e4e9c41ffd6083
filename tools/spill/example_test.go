package spill_test

import (
	"fmt"
	"os"

	"github.com/atomic-script/atomic-script/tools/spill"
)

func ExampleSafeComponent() {
	fmt.Println(spill.SafeComponent("run-42"))
	fmt.Println(spill.SafeComponent("../../etc"))
	// Output:
	// run-42
	// _._.._etc-74ccf3c5
}

func ExampleDir_CreateLimited() {
	tmp, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(tmp)
	dir, err := spill.OpenIn(tmp, "session-1")
	if err != nil {
		fmt.Println("no spill file:", err)
		return
	}
	defer dir.Close()
	f, _ := dir.CreateLimited("bash-*.log", 8) // Create uses spill.Cap
	f.Write([]byte("0123456789\n"))
	f.Close()
	b, _ := os.ReadFile(f.Path())
	fmt.Print(string(b))
	// Output:
	// 01234567
	// [Output truncated: persisted-output cap of 67108864 bytes reached]
}
