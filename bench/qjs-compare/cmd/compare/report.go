package main

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
)

const asyncCalls = 10000

// runAll runs every case in child processes and prints Markdown tables.
func runAll(reps int) error {
	if os.Getenv("QJS_CACHE_DIR") == "" {
		dir, err := os.MkdirTemp("", "qjs-cache-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		os.Setenv("QJS_CACHE_DIR", dir)
	}
	// Warm wazero's compilation caches (one per CloseOnContextDone setting).
	runChild(defaultLimits, "-engine", "qjs", "-case", "stack", "-arg", "1")
	runChild(defaultLimits, "-engine", "qjs", "-case", "loop", "-arg", "1")

	fmt.Printf("Children run one case each; qjs with a warm wazero compilation cache. %d repetitions where timed.\n\n", reps)
	section("Awaited Go calls", func() { reportAsync(reps) })
	section("Memory limit (256 MiB)", reportMemory)
	section("Deadline: `while (true) {}`", func() { reportLoop(reps) })
	section("Cost of an armed deadline", func() { reportCPU(reps) })
	section("Stack", reportStack)
	section("Sandbox: host access of a new VM", reportSandbox)
	return nil
}

func section(title string, f func()) {
	start := time.Now()
	fmt.Printf("### %s\n\nload before: %s\n\n", title, loadavg())
	f()
	fmt.Printf("\nload after: %s; took %.0f s\n\n", loadavg(), time.Since(start).Seconds())
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:3], " ")
}

// spread is the median and range of xs.
func spread(xs []float64, format string) string {
	if len(xs) == 0 {
		return "—"
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return fmt.Sprintf(format+" ("+format+"–"+format+", n=%d)", median(s), s[0], s[len(s)-1], len(s))
}

func reportAsync(reps int) {
	arg := strconv.Itoa(asyncCalls)
	times := map[string][]float64{}
	cpus := map[string][]float64{}
	fails := map[string][]string{}
	for range reps {
		for _, eng := range []string{"modernc", "qjs"} {
			c := runChild(defaultLimits, "-engine", eng, "-case", "async", "-arg", arg)
			if c.Outcome == "ok" {
				times[eng] = append(times[eng], c.Values["ns/call"]/1000)
				cpus[eng] = append(cpus[eng], c.Values["cpu-ns/call"]/1000)
			} else {
				fails[eng] = append(fails[eng], c.describe())
			}
		}
	}
	// The README pattern races; a handful of tries with a short timeout
	// show what it does.
	var readme []string
	for range 3 {
		c := runChild(limits{timeout: 10 * time.Second, rssMB: 2048}, "-engine", "qjs-readme", "-case", "async", "-arg", arg)
		if c.Outcome == "ok" {
			readme = append(readme, fmt.Sprintf("ok %.0f µs/call", c.Values["ns/call"]/1000))
		} else {
			readme = append(readme, c.describe())
		}
	}
	fmt.Printf("%d sequential `await goCall(i)`, each promise settled from a Go goroutine; µs per call, median (min–max).\n\n", asyncCalls)
	fmt.Println("| binding | pattern | wall µs/call | CPU µs/call | failures |")
	fmt.Println("|---|---|---|---|---|")
	fmt.Printf("| modernc | PromiseCapability, owner resolves + ExecutePendingJobs | %s | %s | %s |\n", spread(times["modernc"], "%.1f"), spread(cpus["modernc"], "%.1f"), orDash(strings.Join(fails["modernc"], "; ")))
	fmt.Printf("| qjs | SetAsyncFunc, owner resolves (cloned promise) + Eval pump | %s | %s | %s |\n", spread(times["qjs"], "%.0f"), spread(cpus["qjs"], "%.0f"), orDash(strings.Join(fails["qjs"], "; ")))
	fmt.Printf("| qjs | README: goroutine calls this.Promise().Resolve, FlagAsync | — | — | %s |\n", strings.Join(readme, "; "))
	if a, b := median(times["qjs"]), median(times["modernc"]); a > 0 && b > 0 {
		fmt.Printf("\nqjs / modernc, wall: %.0f×; CPU: %.0f×\n", a/b, median(cpus["qjs"])/median(cpus["modernc"]))
	}
}

func reportMemory() {
	fmt.Println("`vm.SetMemoryLimit(256<<20)` / `qjs.Option{MemoryLimit: 256<<20}`. The parent kills a child whose RSS passes 2048 MB.")
	fmt.Println()
	fmt.Println("| script | binding | outcome | time | peak RSS | next script (same VM; new VM in the same process) |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, name := range []string{"mem-push", "mem-arraybuffer", "mem-repeat"} {
		for _, eng := range []string{"modernc", "qjs"} {
			c := runChild(defaultLimits, "-engine", eng, "-case", name)
			what := c.describe()
			if c.Killed != "" {
				what = "NOT STOPPED, " + what
			}
			t := fmt.Sprintf("%.1f ms", c.Ms)
			if c.Killed != "" || c.Crash != "" {
				t = fmt.Sprintf("%.0f ms (process)", c.Elapsed)
			}
			fmt.Printf("| `%s` | %s | %s | %s | %.0f MB | %s |\n", memScripts[name], eng, what, t, c.RSSMB, orDash(c.Next))
		}
	}
}

func reportLoop(reps int) {
	const deadlineMs = 100
	fmt.Printf("Deadline %d ms: modernc `SetEvalTimeout`; qjs `CloseOnContextDone` with a context cancelled by a timer started just before Eval.\n\n", deadlineMs)
	fmt.Println("| binding | outcome | time to return, median (min–max) | next script |")
	fmt.Println("|---|---|---|---|")
	for _, eng := range []string{"modernc", "qjs"} {
		var times []float64
		var last child
		for range reps {
			last = runChild(limits{timeout: 20 * time.Second, rssMB: 2048}, "-engine", eng, "-case", "loop", "-arg", strconv.Itoa(deadlineMs))
			if last.Killed == "" && last.Crash == "" {
				times = append(times, last.Ms)
			}
		}
		fmt.Printf("| %s | %s | %s ms | %s |\n", eng, last.describe(), spread(times, "%.1f"), orDash(last.Next))
	}
}

func reportCPU(reps int) {
	vals := map[string][]float64{} // key: eng/armed/metric
	var bytes float64
	for range reps {
		for _, eng := range []string{"modernc", "qjs"} {
			for _, armed := range []string{"0", "1"} {
				c := runChild(defaultLimits, "-engine", eng, "-case", "cpu", "-arg", armed)
				if c.Outcome != "ok" {
					fmt.Printf("%s armed=%s: %s\n\n", eng, armed, c.describe())
					continue
				}
				bytes = c.Values["json-bytes"]
				for m, v := range c.Values {
					vals[eng+"/"+armed+"/"+m] = append(vals[eng+"/"+armed+"/"+m], v)
				}
			}
		}
	}
	fmt.Printf("Each child times 5 runs and keeps the median; the table gives the median (min–max) over children, in ms. "+
		"Armed: modernc `SetEvalTimeout(1h)`; qjs `CloseOnContextDone` with a context one hour from its end. "+
		"JSON: `JSON.parse(JSON.stringify(data))` of %.0f bytes. CPU is the process's user+system time, less disturbed by other load than wall time.\n\n", bytes)
	fmt.Println("| binding | work | wall, no deadline | wall, armed | ratio | CPU, no deadline | CPU, armed | ratio |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, eng := range []string{"modernc", "qjs"} {
		for _, m := range []struct{ key, name string }{{"fib27-ms", "fib(27)"}, {"json-ms", "JSON 1 MB"}} {
			row := "| " + eng + " | " + m.name
			for _, k := range []string{m.key, m.key + "-cpu"} {
				off, on := vals[eng+"/0/"+k], vals[eng+"/1/"+k]
				ratio := 0.0
				if median(off) > 0 {
					ratio = median(on) / median(off)
				}
				row += fmt.Sprintf(" | %s | %s | %.2f×", spread(off, "%.0f"), spread(on, "%.0f"), ratio)
			}
			fmt.Println(row + " |")
		}
	}
}

func reportStack() {
	fmt.Println("`function f(n) { return n === 0 ? 0 : 1 + f(n - 1) }` called in `try`/`catch`; each depth probed in a fresh child. \"deepest\" is the largest depth that returns the right value (binary search).")
	fmt.Println()
	fmt.Println("| binding | deepest correct | at deepest+1 | at deepest+2 | at 100,000 | next script after 100,000 |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, eng := range []string{"modernc", "qjs"} {
		deepest := deepestOK(eng)
		c1 := stackChild(eng, deepest+1, 0)
		c2 := stackChild(eng, deepest+2, 0)
		c3 := stackChild(eng, 100000, 0)
		fmt.Printf("| %s | %d | %s | %s | %s | %s |\n", eng, deepest, c1.describe(), c2.describe(), c3.describe(), orDash(c3.Next))
	}
	c := stackChild("qjs", 1000, 16<<10)
	fmt.Printf("\nqjs with `MaxStackSize: 16 KiB`, depth 1000: %s; next: %s\n", c.describe(), orDash(c.Next))
	fmt.Println()
	fmt.Println("| binding | `JSON.parse` of 100,000 nested arrays | next script |")
	fmt.Println("|---|---|---|")
	for _, eng := range []string{"modernc", "qjs"} {
		c := runChild(defaultLimits, "-engine", eng, "-case", "stack-json", "-arg", "100000")
		fmt.Printf("| %s | %s | %s |\n", eng, c.describe(), orDash(c.Next))
	}
}

func stackChild(eng string, depth, stack int) child {
	return runChild(defaultLimits, "-engine", eng, "-case", "stack", "-arg", strconv.Itoa(depth), "-stack", strconv.Itoa(stack))
}

// deepestOK finds the largest recursion depth that returns its own value.
func deepestOK(eng string) int {
	ok := func(d int) bool {
		c := stackChild(eng, d, 0)
		return c.Outcome == "ok" && c.Detail == strconv.Itoa(d)
	}
	lo, hi := 1, 1<<17 // ok(lo); !ok(hi) is checked below
	if ok(hi) {
		return hi
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if ok(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func reportSandbox() {
	fmt.Println("A new VM with default options, the working directory a fresh temporary directory holding host.txt.")
	fmt.Println()
	fmt.Println("| binding | result | file system |")
	fmt.Println("|---|---|---|")
	for _, eng := range []string{"modernc", "qjs"} {
		c := runChild(defaultLimits, "-engine", eng, "-case", "sandbox")
		fmt.Printf("| %s | %s | %s |\n", eng, c.describe(), orDash(c.Next))
	}
}
