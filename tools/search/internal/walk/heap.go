package walk

import "container/heap"

// task is one unit of work: list a directory, or search a chunk of files.
type task struct {
	key   []int32
	dir   *Dir
	chunk *Chunk
}

// chunkBase offsets chunk keys below every subdirectory index, so a
// directory's files come before its subdirectories in tree order.
const chunkBase = -1 << 30

// less orders keys lexicographically; a prefix comes first.
func less(a, b []int32) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

type taskHeap []task

func (h taskHeap) Len() int           { return len(h) }
func (h taskHeap) Less(i, j int) bool { return less(h[i].key, h[j].key) }
func (h taskHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *taskHeap) Push(x any)        { *h = append(*h, x.(task)) }
func (h *taskHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	return t
}

func (h *taskHeap) push(t task) { heap.Push(h, t) }
func (h *taskHeap) pop() task   { return heap.Pop(h).(task) }

func childKey(parent []int32, i int32) []int32 {
	k := make([]int32, len(parent)+1)
	copy(k, parent)
	k[len(parent)] = i
	return k
}
