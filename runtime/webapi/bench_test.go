package webapi_test

import (
	"testing"

	"github.com/atomic-script/atomic-script/runtime"
)

// benchScript runs src (global code) in a fresh VM per iteration.
func benchScript(b *testing.B, newVM runtime.New, src string) {
	for b.Loop() {
		vm, err := newVM(runtime.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if err := vm.Eval(src); err != nil {
			b.Fatal(err)
		}
		if err := vm.RunJobs(); err != nil {
			b.Fatal(err)
		}
		vm.Close()
	}
}

// BenchmarkURL parses 10,000 distinct URLs (bench/webapi.sh compares the
// same script with node).
func BenchmarkURL(b *testing.B) {
	for _, eng := range engines {
		b.Run(eng.name, func(b *testing.B) {
			benchScript(b, eng.new, `let n = 0;
for (let i = 0; i < 10000; i++) {
  const u = new URL("https://user@example.com:8080/a/b/../" + i + "/index.html?q=" + i + "&r=x#frag");
  n += u.pathname.length + u.search.length;
}`)
		})
	}
}

// BenchmarkDigest hashes 10 MB with crypto.subtle.digest("SHA-256").
func BenchmarkDigest(b *testing.B) {
	for _, eng := range engines {
		b.Run(eng.name, func(b *testing.B) {
			benchScript(b, eng.new, `const data = new Uint8Array(10 << 20);
for (let i = 0; i < data.length; i += 4096) data[i] = i & 255;
crypto.subtle.digest("SHA-256", data).then(d => { globalThis.d = d });`)
		})
	}
}

// BenchmarkStructuredClone clones a 1,000-deep object and 100,000 small
// objects beside JSON.parse(JSON.stringify(x)) of the same data, the floor
// a user compares with (bench/structuredclone.sh runs it). The data is
// built once per VM; each iteration clones it.
func BenchmarkStructuredClone(b *testing.B) {
	data := map[string]string{
		"deep1000": `let x = {v: 0}; for (let i = 0; i < 1000; i++) x = {v: i, next: x}; globalThis.x = x`,
		"wide100k": `const x = []; for (let i = 0; i < 100000; i++) x.push({id: i, name: "item" + i, ok: true}); globalThis.x = x`,
	}
	for _, shape := range []string{"deep1000", "wide100k"} {
		for _, op := range []struct{ name, src string }{
			{"structuredClone", "void structuredClone(x)"},
			{"JSON", "void JSON.parse(JSON.stringify(x))"},
		} {
			for _, eng := range engines {
				b.Run(shape+"/"+op.name+"/"+eng.name, func(b *testing.B) {
					vm, err := eng.new(runtime.Options{})
					if err != nil {
						b.Fatal(err)
					}
					defer vm.Close()
					if err := vm.Eval(data[shape] + "; structuredClone(1)"); err != nil {
						b.Fatal(err)
					}
					for b.Loop() {
						if err := vm.Eval(op.src); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
