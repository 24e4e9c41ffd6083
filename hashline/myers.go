package hashline

// This file is a small linear-space Myers diff ("An O(ND) Difference
// Algorithm and Its Variations", 1986, with the middle-snake refinement) over
// integer keys. hashline may import only the standard library, so it cannot
// use a diff module; the inputs here are line keys, which keeps the
// implementation short. A work budget bounds pathological inputs: past it
// the remaining region is reported as one change, which is a valid (if not
// minimal) diff.

// change is a region where old lines [a0,a1) became new lines [b0,b1)
// (0-based, half-open). A diff is a sorted list of disjoint changes; the
// lines between them are equal.
type change struct{ a0, a1, b0, b1 int }

// diffBudget caps the middle-snake work per diff (diagonal steps).
const diffBudget = 40_000_000

type myers struct {
	a, b   []int
	vf, vb []int
	work   int
	out    []change
}

// diffKeys returns the changes that turn a into b.
func diffKeys(a, b []int) []change {
	m := &myers{a: a, b: b}
	m.diff(0, len(a), 0, len(b))
	return m.out
}

func (m *myers) emit(a0, a1, b0, b1 int) {
	if a0 == a1 && b0 == b1 {
		return
	}
	if k := len(m.out); k > 0 && m.out[k-1].a1 == a0 && m.out[k-1].b1 == b0 {
		m.out[k-1].a1, m.out[k-1].b1 = a1, b1
		return
	}
	m.out = append(m.out, change{a0, a1, b0, b1})
}

func (m *myers) diff(a0, a1, b0, b1 int) {
	for a0 < a1 && b0 < b1 && m.a[a0] == m.b[b0] {
		a0, b0 = a0+1, b0+1
	}
	for a1 > a0 && b1 > b0 && m.a[a1-1] == m.b[b1-1] {
		a1, b1 = a1-1, b1-1
	}
	if a0 == a1 || b0 == b1 {
		m.emit(a0, a1, b0, b1)
		return
	}
	x, y, u, v, ok := m.middleSnake(a0, a1, b0, b1)
	if !ok {
		m.emit(a0, a1, b0, b1)
		return
	}
	m.diff(a0, x, b0, y)
	m.diff(u, a1, v, b1)
}

// middleSnake finds the middle snake of the shortest edit script between
// a[a0:a1] and b[b0:b1] (both non-empty, with differing first and last
// elements). The snake runs from (x,y) to (u,v) in absolute coordinates.
func (m *myers) middleSnake(a0, a1, b0, b1 int) (x, y, u, v int, ok bool) {
	n, mm := a1-a0, b1-b0
	delta := n - mm
	odd := delta&1 != 0
	maxD := (n + mm + 1) / 2
	size := 2*maxD + 3
	if cap(m.vf) < size {
		m.vf, m.vb = make([]int, size), make([]int, size)
	}
	vf, vb := m.vf[:size], m.vb[:size]
	off := maxD + 1
	vf[off+1], vb[off+1] = 0, 0
	a, b := m.a, m.b
	for d := 0; d <= maxD; d++ {
		m.work += 2*d + 1
		if m.work > diffBudget {
			return 0, 0, 0, 0, false
		}
		for k := -d; k <= d; k += 2 {
			var px int
			if k == -d || (k != d && vf[off+k-1] < vf[off+k+1]) {
				px = vf[off+k+1]
			} else {
				px = vf[off+k-1] + 1
			}
			py := px - k
			sx, sy := px, py
			for px < n && py < mm && a[a0+px] == b[b0+py] {
				px, py = px+1, py+1
			}
			vf[off+k] = px
			if kb := delta - k; odd && kb >= -(d-1) && kb <= d-1 {
				if px+vb[off+kb] >= n {
					return a0 + sx, b0 + sy, a0 + px, b0 + py, true
				}
			}
		}
		for k := -d; k <= d; k += 2 {
			var px int
			if k == -d || (k != d && vb[off+k-1] < vb[off+k+1]) {
				px = vb[off+k+1]
			} else {
				px = vb[off+k-1] + 1
			}
			py := px - k
			sx, sy := px, py
			for px < n && py < mm && a[a1-1-px] == b[b1-1-py] {
				px, py = px+1, py+1
			}
			vb[off+k] = px
			if kf := delta - k; !odd && kf >= -d && kf <= d {
				if px+vf[off+kf] >= n {
					return a0 + n - px, b0 + mm - py, a0 + n - sx, b0 + mm - sy, true
				}
			}
		}
	}
	return 0, 0, 0, 0, false
}
