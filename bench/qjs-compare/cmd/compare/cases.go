package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

// result is what one case run in a child process reports on stdout as JSON.
type result struct {
	Outcome string             // what happened, one word: ok, stopped, caught, error, panic, ...
	Detail  string             // error text, first line
	Ms      float64            // wall time of the interesting part
	Next    string             // what a following script sees (same VM, then a new VM)
	Values  map[string]float64 // case-specific figures
	RSSMB   float64            `json:",omitempty"` // peak RSS, filled in by the parent
}

const memLimit = 256 << 20

// memScripts are the allocation bombs run under a 256 MiB limit.
var memScripts = map[string]string{
	"mem-push":        `let a = []; for (;;) a.push("x".repeat(1e6));`,
	"mem-arraybuffer": `globalThis.b = new ArrayBuffer(2 ** 30); b.byteLength`,
	"mem-repeat":      `globalThis.s = "x".repeat(2 ** 29); s.length`,
}

// probe is a script whose value proves the engine still computes correctly.
const probe = `JSON.stringify([1, 2, 3].map(x => x * 2)) + [..."abc"].reverse().join("")`
const probeWant = `[2,4,6]cba`

// runCase runs the case called name once in this process.
func runCase(eng, name string, arg, stack int, src string) (result, error) {
	switch {
	case name == "async":
		return caseAsync(eng, arg)
	case memScripts[name] != "":
		return caseLimit(eng, config{memLimit: memLimit}, memScripts[name])
	case name == "sandbox":
		return caseSandbox(eng)
	case name == "mem-src":
		return caseLimit(eng, config{memLimit: memLimit}, src)
	case name == "loop":
		return caseLimit(eng, config{deadline: time.Duration(arg) * time.Millisecond}, `while (true) {}`)
	case name == "cpu":
		return caseCPU(eng, arg != 0)
	case name == "stack":
		return caseLimit(eng, config{stack: stack}, fmt.Sprintf(
			`function f(n) { return n === 0 ? 0 : 1 + f(n - 1) }
			try { String(f(%d)) } catch (e) { "caught " + e }`, arg))
	case name == "stack-json":
		return caseLimit(eng, config{}, fmt.Sprintf(
			`try { JSON.parse("[".repeat(%d) + "]".repeat(%[1]d)) && "parsed" } catch (e) { "caught " + e }`, arg))
	}
	return result{}, fmt.Errorf("unknown case %q", name)
}

func caseAsync(eng string, n int) (result, error) {
	var run func(int) (time.Duration, error)
	switch eng {
	case "modernc":
		run = asyncModernc
	case "qjs":
		run = asyncQJSOwner
	case "qjs-readme":
		run = asyncQJSReadme
	default:
		return result{}, fmt.Errorf("unknown async variant %q", eng)
	}
	cpu0 := cpuTime()
	d, err := run(n)
	cpu := cpuTime() - cpu0
	if err != nil {
		return result{Outcome: outcome(err), Detail: firstLine(err.Error())}, nil
	}
	return result{Outcome: "ok", Ms: ms(d), Values: map[string]float64{
		"ns/call":     float64(d.Nanoseconds()) / float64(n),
		"cpu-ns/call": float64(cpu.Nanoseconds()) / float64(n),
	}}, nil
}

// caseLimit runs src under cfg, then checks the same VM and a new VM with
// the probe script.
func caseLimit(eng string, cfg config, src string) (result, error) {
	e, err := newEngine(eng, cfg)
	if err != nil {
		return result{}, err
	}
	start := time.Now()
	v, err := e.eval(src)
	r := result{Ms: ms(time.Since(start))}
	if err != nil {
		r.Outcome, r.Detail = outcome(err), firstLine(err.Error())
	} else {
		r.Outcome, r.Detail = "ok", firstLine(v)
		if strings.HasPrefix(v, "caught ") {
			r.Outcome, r.Detail = "caught", strings.TrimPrefix(firstLine(v), "caught ")
		}
	}
	r.Next = "same VM: " + check(e) + "; "
	e.close()
	e2, err := newEngine(eng, config{})
	if err != nil {
		r.Next += "new VM: " + firstLine(err.Error())
		return r, nil
	}
	r.Next += "new VM: " + check(e2)
	e2.close()
	return r, nil
}

func check(e engine) string {
	v, err := e.eval(probe)
	switch {
	case err != nil:
		return "fails (" + firstLine(err.Error()) + ")"
	case v != probeWant:
		return fmt.Sprintf("WRONG RESULT %q", v)
	}
	return "ok"
}

// sandboxScript lists host globals and tries to read and write a file in
// the process's working directory through qjs's std module.
const sandboxScript = `const g = ["std", "os", "print", "console", "setTimeout"].filter(n => typeof globalThis[n] !== "undefined");
let io;
try { const f = std.open("/written-by-script.txt", "w"); f.puts("x"); f.close(); io = "read " + JSON.stringify(std.loadFile("/host.txt")) }
catch (e) { io = "caught " + e }
"globals: " + (g.join(" ") || "none") + "; file I/O: " + io`

// caseSandbox runs sandboxScript with a fresh temporary directory as the
// working directory holding host.txt, and reports whether the script wrote
// a file there.
func caseSandbox(eng string) (result, error) {
	dir, err := os.MkdirTemp("", "sandbox-")
	if err != nil {
		return result{}, err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "host.txt"), []byte("host secret"), 0o600); err != nil {
		return result{}, err
	}
	if err := os.Chdir(dir); err != nil {
		return result{}, err
	}
	e, err := newEngine(eng, config{})
	if err != nil {
		return result{}, err
	}
	defer e.close()
	v, err := e.eval(sandboxScript)
	if err != nil {
		return result{Outcome: outcome(err), Detail: firstLine(err.Error())}, nil
	}
	r := result{Outcome: "ok", Detail: v, Next: "no file written"}
	if _, err := os.Stat(filepath.Join(dir, "written-by-script.txt")); err == nil {
		r.Next = "the script WROTE written-by-script.txt in the working directory"
	}
	return r, nil
}

// cpuSetup defines fib and ~1 MB of JSON-able data.
const cpuSetup = `
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) }
globalThis.data = Array.from({length: 6135}, (_, i) => ({
	id: i, name: "item " + i, tags: ["alpha", "beta", "gamma"], price: i * 1.25,
	nested: {ok: i % 2 === 0, note: "lorem ipsum dolor sit amet ".repeat(2)},
}));
JSON.stringify(data).length`

// caseCPU times fib(27) and a JSON round trip of ~1 MB, with the binding's
// deadline mechanism armed (one hour away) or not installed at all.
func caseCPU(eng string, armed bool) (result, error) {
	cfg := config{}
	if armed {
		cfg.deadline = time.Hour
	}
	e, err := newEngine(eng, cfg)
	if err != nil {
		return result{}, err
	}
	defer e.close()
	size, err := e.eval(cpuSetup)
	if err != nil {
		return result{}, err
	}
	r := result{Outcome: "ok", Values: map[string]float64{}}
	var n float64
	fmt.Sscan(size, &n)
	r.Values["json-bytes"] = n
	for _, c := range []struct{ name, src, want string }{
		{"fib27-ms", "fib(27)", "196418"},
		{"json-ms", "JSON.parse(JSON.stringify(data)).length", "6135"},
	} {
		var wall, cpu []float64
		for range 5 {
			start, cpu0 := time.Now(), cpuTime()
			v, err := e.eval(c.src)
			if err != nil {
				return result{}, err
			}
			if v != c.want {
				return result{}, fmt.Errorf("%s = %q, want %s", c.src, v, c.want)
			}
			wall = append(wall, ms(time.Since(start)))
			cpu = append(cpu, ms(cpuTime()-cpu0))
		}
		r.Values[c.name] = median(wall)
		r.Values[c.name+"-cpu"] = median(cpu)
	}
	return r, nil
}

// cpuTime is the CPU time (user + system) this process has used, all
// threads: less sensitive than wall time to other work on a busy machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func outcome(err error) string {
	if isPanic(err) {
		return "panic"
	}
	return "error"
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
