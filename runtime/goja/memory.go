package goja

import (
	goruntime "runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// memoryWatch approximates a heap limit for goja, which has none: its
// values live on the Go heap with everything else in the process.
//
// While a VM is inside JavaScript, one process-wide goroutine samples the
// Go heap every samplePeriod. When the heap exceeds the VM's baseline (the
// heap when the VM was created) plus Options.MemoryLimit, it forces a
// garbage collection so garbage does not count; if the live heap still
// exceeds that mark, the VM is stopped, MemoryExhausted reports true, and
// this and every later call return "InternalError: out of memory".
//
// Limits of the approximation, all inherent to sharing one Go heap:
//   - The measure is process-wide. Allocations of other goroutines (tool
//     calls, other VMs running at the same time) count against every VM
//     that is running JavaScript, so the limit is exact only for one VM
//     running alone (the CLI), and a loose bound otherwise.
//   - Nothing is refused at the moment of allocation. A single allocation
//     larger than the limit ("x".repeat(2**30), new ArrayBuffer(2**30))
//     succeeds if the process can get the memory, and is caught at the
//     next sample only if it is still live; the process can still run out
//     of memory before a sample sees it.
//   - Detection lags by up to a sample period plus one forced collection,
//     so a fast-growing heap overshoots the limit by what it allocates in
//     that time (a few MB for the usual bombs).
//   - The stop is an interrupt: the script cannot catch it, unlike
//     QuickJS's catchable out-of-memory exception.
//   - Memory used between calls (while the VM waits for the host) is not
//     watched.
type memoryWatch struct {
	mu      sync.Mutex
	active  map[*vm]uint64 // VMs inside JavaScript → their call's seq
	running bool           // the sampling goroutine is alive
}

// samplePeriod is how often the heap is read while JavaScript runs.
const samplePeriod = 2 * time.Millisecond

var watch memoryWatch

// watchHeap puts call seq of v under watch until unwatchHeap.
func watchHeap(v *vm, seq uint64) {
	watch.mu.Lock()
	defer watch.mu.Unlock()
	if watch.active == nil {
		watch.active = map[*vm]uint64{}
	}
	watch.active[v] = seq
	if !watch.running {
		watch.running = true
		go watch.loop()
	}
}

func unwatchHeap(v *vm) {
	watch.mu.Lock()
	delete(watch.active, v)
	watch.mu.Unlock()
}

type watched struct {
	v   *vm
	seq uint64
}

// loop samples the heap while any VM is inside JavaScript, and exits when
// none is.
func (w *memoryWatch) loop() {
	var over []watched
	for {
		time.Sleep(samplePeriod)
		heap := heapBytes()
		over = over[:0]
		w.mu.Lock()
		if len(w.active) == 0 {
			w.running = false
			w.mu.Unlock()
			return
		}
		for v, seq := range w.active {
			if heap > v.memBase+uint64(v.limit) {
				over = append(over, watched{v, seq})
			}
		}
		w.mu.Unlock()
		if len(over) == 0 {
			continue
		}
		goruntime.GC() // garbage does not count
		live := liveBytes()
		for _, o := range over {
			if live > o.v.memBase+uint64(o.v.limit) {
				o.v.exhausted.Store(true)
				o.v.stop(o.seq, stopMemory)
			}
		}
		// Keep no VM reachable while sleeping: a closed one's heap would
		// stay live and count against the next VM's baseline.
		clear(over)
	}
}

// heapBaseline is a new VM's baseline: the heap the process holds without
// it. A large heap is collected first, or the garbage of an earlier run
// (a closed VM's memory bomb) would count as baseline and let this VM grow
// by that much more; a small heap is taken as it is, which keeps a CLI
// run's start free of a forced collection.
func heapBaseline() uint64 {
	if heap := heapBytes(); heap < baselineCollectAbove {
		return heap
	}
	goruntime.GC()
	return liveBytes()
}

// baselineCollectAbove is the heap size from which heapBaseline collects.
const baselineCollectAbove = 64 << 20

// heapBytes returns the bytes of heap objects, live or not yet swept.
func heapBytes() uint64 { return readMetric("/memory/classes/heap/objects:bytes") }

// liveBytes returns the heap bytes the last garbage collection marked live.
func liveBytes() uint64 { return readMetric("/gc/heap/live:bytes") }

func readMetric(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
