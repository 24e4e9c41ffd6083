package hashline_test

import (
	"fmt"

	"github.com/atomic-script/atomic-script/hashline"
)

func ExampleRender() {
	fmt.Println(hashline.Render("greet.py", "def greet(name):\n    print(name)\ngreet('world')\n"))
	// Output:
	// [greet.py#13D6]
	// 1:def greet(name):
	// 2:    print(name)
	// 3:greet('world')
}

func ExamplePrepare() {
	store := hashline.NewStore()
	file := "one\ntwo\nthree\n"
	tag := store.Record("/w/notes.txt", file) // what read does

	sections, err := hashline.Parse("[notes.txt#"+tag+"]\nreplace 2..2:\n+TWO\ninsert tail:\n+four", hashline.ParseOptions{})
	if err != nil {
		panic(err)
	}
	p, err := hashline.Prepare(sections, hashline.PrepareOptions{
		Store: store,
		Read: hashline.ReaderFunc(func(display string) (string, string, error) {
			return "/w/" + display, file, nil
		}),
	})
	if err != nil {
		panic(err)
	}
	f := p.Files[0]
	// The caller writes f.Bytes to f.Abs, then records the new snapshot.
	f.Record(store)
	fmt.Printf("%q\n", f.Bytes)
	fmt.Println(p.Text())
	// Output:
	// "one\nTWO\nthree\nfour\n"
	// [notes.txt#A8BE]
	//  1 one
	// -2 two
	// +2 TWO
	//  3 three
	// +4 four
}
